/**
 * Related products (the relatedProducts query: the same category and brand first, then the same
 * category) as the shop's product cards, each with its quickshop button.
 */
import { useIntl } from 'react-intl'
import { ProductCard } from '../../ui/ProductCard'
import type { RelatedProduct } from './types'
import { markHydrated } from './Deferred'

export default function RelatedProducts({ products }: { products: readonly RelatedProduct[] }) {
  const intl = useIntl()
  if (products.length === 0) return null
  return (
    <section className="related-products" aria-labelledby="related-products-title" ref={markHydrated}>
      <h2 id="related-products-title">{intl.formatMessage({ id: 'product.related.title' })}</h2>
      <ul className="related-products__list plain-list" role="list">
        {products.map((product) => (
          <li key={product.alias}>
            <ProductCard product={product} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  )
}
