/**
 * The quickshop panel's content: the product by alias through the page's Apollo client (loaded
 * after hydration, ADR 0006), with the product page's price, size picker, stock states,
 * back-in-stock sign-up and add to cart, and a link to the full product page.
 */
import { useEffect, useState } from 'react'

import { useIntl } from 'react-intl'

import { useGetApollo } from '../../app/apollo-access'

import { runQuery } from '../../app/graphql'

import { ProductImage } from '../../ui/Image'

import { RouteLink } from '../../ui/RouteLink'

import { Price } from '../../ui/Price'

import { withPriceFields } from '../../ui/product-card-data'

import { BuyBox } from '../product/BuyBox'

import { Dialog } from '../product/Dialog'

import { SizeGuide } from '../product/SizeGuide'

import type { ProductData } from '../product/types'

import productQuery from '../../graphql/operations/product'
import './quickshop.css'
import { listItems } from '../../graphql/list-items'

type Loaded =
  { state: 'loading' } | { state: 'failed' } | { state: 'missing' } | { state: 'ready'; product: ProductData }

export default function QuickshopDialog({ alias, onClose }: { alias: string; onClose: () => void }) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })

  useEffect(() => {
    let current = true
    getApollo()
      .then((apollo) => runQuery(apollo, withPriceFields(productQuery), { alias }))
      .then(
        (data) => {
          if (current)
            setLoaded(data.product ? { state: 'ready', product: data.product } : { state: 'missing' })
        },
        (error: unknown) => {
          console.error('Quickshop could not load the product', error)
          if (current) setLoaded({ state: 'failed' })
        },
      )
    return () => {
      current = false
    }
  }, [alias, getApollo])

  const product = loaded.state === 'ready' ? loaded.product : null
  const title = product
    ? [product.brand?.name, product.name].filter(Boolean).join(' ')
    : intl.formatMessage({ id: 'quickshop.title' })
  const image = product?.productImages?.[0]?.fileName
  const skus = listItems(product?.skus)

  return (
    <Dialog title={title} onClose={onClose} className="quickshop">
      {loaded.state === 'loading' ? <p role="status">{intl.formatMessage({ id: 'loading.label' })}</p> : null}
      {loaded.state === 'failed' ? (
        <p role="alert">{intl.formatMessage({ id: 'error.generic.text' })}</p>
      ) : null}
      {loaded.state === 'missing' ? (
        <p role="alert">{intl.formatMessage({ id: 'error.notFound.text' })}</p>
      ) : null}
      {product ? (
        <div className="quickshop__body">
          {image ? (
            <ProductImage
              fileName={image}
              alt=""
              width={320}
              sizes="(min-width: 768px) 200px, 40vw"
              className="quickshop__image"
            />
          ) : null}
          <div className="quickshop__buy">
            {product.unitPrice ? (
              <Price price={product.unitPrice} lowestPrice={product.lowestPrice} size="large" />
            ) : null}
            <BuyBox skus={skus} name="quickshop-size" onAdded={onClose} />
            <SizeGuide sizes={skus.map((sku) => sku.name ?? '').filter(Boolean)} />
            <p>
              <RouteLink to="product" params={{ '*': product.alias }} onClick={onClose}>
                {intl.formatMessage({ id: 'quickshop.details' })}
              </RouteLink>
            </p>
          </div>
        </div>
      ) : null}
    </Dialog>
  )
}
