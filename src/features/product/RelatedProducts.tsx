/**
 * Related products (the relatedProducts query: the same category and brand first, then the same
 * category): image, brand, name and price, a link to each product page and a quickshop button
 * that opens the product's sizes in the quickshop panel without leaving the page.
 */
import { useIntl } from 'react-intl'
import { useAppDispatch } from '../../app/hooks'
import { imageSizes } from '../../lib/images'
import { ProductImage } from '../../ui/Image'
import { RouteLink } from '../../ui/RouteLink'
import { quickshopOpened } from '../quickshop/slice'
import { ProductPrice } from './ProductPrice'
import type { RelatedProduct } from './types'

export function RelatedProducts({ products }: { products: readonly RelatedProduct[] }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  if (products.length === 0) return null
  return (
    <section className="related-products" aria-labelledby="related-products-title">
      <h2 id="related-products-title">{intl.formatMessage({ id: 'product.related.title' })}</h2>
      <ul className="related-products__list plain-list" role="list">
        {products.map((product) => {
          const name = [product.brand?.name, product.name].filter(Boolean).join(' ')
          return (
            <li key={product.alias} className="related-product">
              <RouteLink to="product" params={{ '*': product.alias }} className="related-product__link">
                {product.primaryImage ? (
                  <ProductImage
                    fileName={product.primaryImage}
                    alt=""
                    width={320}
                    sizes={imageSizes({ lg: '16vw', md: '25vw' }, '45vw')}
                  />
                ) : null}
                {product.brand?.name ? (
                  <span className="related-product__brand">{product.brand.name}</span>
                ) : null}
                <span className="related-product__name">{product.name}</span>
              </RouteLink>
              <ProductPrice price={product.unitPrice} className="related-product__price" />
              <button
                type="button"
                className="button related-product__quickshop"
                aria-haspopup="dialog"
                aria-label={intl.formatMessage({ id: 'quickshop.openFor' }, { name })}
                onClick={() => dispatch(quickshopOpened(product.alias))}
              >
                {intl.formatMessage({ id: 'quickshop.open' })}
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
