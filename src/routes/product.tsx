/**
 * Product page `/p/…/{alias}`, `/product/{alias}`: the product from the commerce API (name,
 * brand, price in the market's currency with VAT per customer type, sizes with their stock, the
 * description). An unknown alias is a real 404. Gallery, size choice, cart, reviews and related
 * products are the catalogue feature's.
 */
import { useIntl } from 'react-intl'
import { useLoaderData } from 'react-router'
import { aliasFromParams } from '../lib/paths'
import { isLocaleCode, type LocaleCode } from '../lib/markets'
import type { PageLoader, PageMeta } from '../app/route-types'
import { runQuery } from '../app/graphql'
import { useAppSelector } from '../app/hooks'
import { ProductImage } from '../ui/Image'
import { imageSizes } from '../lib/images'
import productQuery from '../../graphql/operations/product.graphql?raw'
import './product.css'

type StockStatus = 'IN_STOCK' | 'FEW_LEFT' | 'OUT_OF_STOCK' | 'OVERSELLABLE' | 'STATIC'

export interface ProductPageData {
  product: {
    productId: number
    alias: string
    name: string | null
    articleNumber: string | null
    brand: { brandId: number; name: string | null } | null
    texts: { text1: string | null; text2: string | null; text3: string | null } | null
    unitPrice: {
      isDiscounted: boolean
      sellingPriceIncVatFormatted: string | null
      sellingPriceExVatFormatted: string | null
      regularPriceIncVatFormatted: string | null
      regularPriceExVatFormatted: string | null
      discountPercentage: number
    } | null
    productImages: { fileName: string }[] | null
    skus: { skuId: number; name: string | null; stockStatus: StockStatus | null }[] | null
    stockStatus: StockStatus | null
    /** the product's URL (`/p/{alias}`) per market language it exists in */
    alternativeUrls: ({ url: string; language: string; culture: string } | null)[] | null
  }
}

export const loader: PageLoader<ProductPageData> = async ({ params, apollo }) => {
  const alias = aliasFromParams(params)
  if (!alias) throw new Response('Not Found', { status: 404 })
  const data = await runQuery<{ product: ProductPageData['product'] | null }>(apollo, productQuery, { alias })
  if (!data.product) throw new Response('Not Found', { status: 404 })
  return { product: data.product }
}

export const meta: PageMeta<ProductPageData> = ({ data }) => ({
  title: [data.product.brand?.name, data.product.name].filter(Boolean).join(' – '),
  description: data.product.texts?.text1 ?? undefined,
  alternates: productAlternates(data.product.alternativeUrls),
})

/**
 * The product's path in each language it exists in, from its alternative URLs (one per market
 * language; a language's alias is the same in every market). Undefined when the API gives none,
 * so the head falls back to the current path.
 */
function productAlternates(
  urls: ProductPageData['product']['alternativeUrls'],
): Partial<Record<LocaleCode, string>> | undefined {
  const paths: Partial<Record<LocaleCode, string>> = {}
  for (const alternative of urls ?? []) {
    if (!alternative?.url.startsWith('/p/') || !isLocaleCode(alternative.language)) continue
    paths[alternative.language] ??= alternative.url
  }
  return Object.keys(paths).length > 0 ? paths : undefined
}

const STOCK_MESSAGE: Record<StockStatus, string> = {
  IN_STOCK: 'product.stock.inStock',
  FEW_LEFT: 'product.stock.fewLeft',
  OUT_OF_STOCK: 'product.stock.outOfStock',
  OVERSELLABLE: 'product.stock.madeToOrder',
  STATIC: 'product.stock.inStock',
}

export function Component() {
  const intl = useIntl()
  const { product } = useLoaderData() as ProductPageData
  const vatIncluded = useAppSelector((state) => state.global.vatIncluded)
  const price = product.unitPrice
  const selling = vatIncluded ? price?.sellingPriceIncVatFormatted : price?.sellingPriceExVatFormatted
  const regular = vatIncluded ? price?.regularPriceIncVatFormatted : price?.regularPriceExVatFormatted
  const images = (product.productImages ?? []).filter((image) => image.fileName)
  const alt = [product.brand?.name, product.name].filter(Boolean).join(' ')
  return (
    <article className="product-page">
      {images.length > 0 ? (
        <div className="product-page__gallery">
          {images.map((image, index) => (
            <ProductImage
              key={image.fileName}
              fileName={image.fileName}
              alt={index === 0 ? alt : ''}
              width={640}
              sizes={imageSizes({ lg: '40vw', md: '50vw' }, '100vw')}
              priority={index === 0}
            />
          ))}
        </div>
      ) : null}
      <div className="product-page__details">
        <header>
          {product.brand?.name ? <p className="product-page__brand">{product.brand.name}</p> : null}
          <h1>{product.name}</h1>
          {price ? (
            <p className="product-page__price">
              {price.isDiscounted ? (
                <>
                  <ins>{selling}</ins> <del>{regular}</del>
                </>
              ) : (
                selling
              )}
            </p>
          ) : null}
        </header>
        {product.skus && product.skus.length > 0 ? (
          <section aria-labelledby="product-sizes">
            <h2 id="product-sizes">{intl.formatMessage({ id: 'product.sizes' })}</h2>
            <ul className="product-page__sizes plain-list" role="list">
              {product.skus.map((sku) => (
                <li key={sku.skuId}>
                  {sku.name}: {intl.formatMessage({ id: STOCK_MESSAGE[sku.stockStatus ?? 'OUT_OF_STOCK'] })}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {product.texts?.text1 ? <p>{product.texts.text1}</p> : null}
        {product.texts?.text2 ? <p>{product.texts.text2}</p> : null}
        {product.articleNumber ? (
          <p className="product-page__article">
            {intl.formatMessage({ id: 'product.articleNumber' }, { number: product.articleNumber })}
          </p>
        ) : null}
      </div>
    </article>
  )
}
