/**
 * Size choice, stock line and add to cart: shared by the product page and the quickshop panel.
 * Adding without a size shows 'Sinun on ensin valittava koko' and moves focus to the sizes; a
 * sold-out size offers the back-in-stock sign-up (loaded when first needed) instead of the cart.
 */
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { checkAddToCart, initialSkuId, isPurchasable, STOCK_MESSAGE_ID, statusOf } from './stock'
import { SizePicker } from './SizePicker'
import { useAddToCart } from '../cart/useAddToCart'
import type { ProductSku } from './types'
import './buy-box.css'

const BackInStockForm = lazy(() => import('./BackInStockForm'))

export interface BuyBoxProps {
  skus: readonly ProductSku[]
  /** distinguishes the radio group of the product page from the quickshop's */
  name: string
  /** called after the size went into the cart (the quickshop closes for the cart's popup) */
  onAdded?: () => void
}

export function BuyBox({ skus, name, onAdded }: BuyBoxProps) {
  const intl = useIntl()
  const [selectedSkuId, setSelectedSkuId] = useState<number | null>(() => initialSkuId(skus))
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [added, setAdded] = useState<number | null>(null)
  const addToCart = useAddToCart()
  const errorId = useId()
  const sizes = useRef<HTMLFieldSetElement>(null)
  const selected = skus.find((sku) => sku.skuId === selectedSkuId) ?? null
  const soldOut = selected !== null && !isPurchasable(selected)

  const select = (skuId: number) => {
    setSelectedSkuId(skuId)
    setError(null)
    setAdded(null)
  }

  const add = async () => {
    const check = checkAddToCart(skus, selectedSkuId)
    if (!check.ok) {
      setError(intl.formatMessage({ id: check.messageId }))
      sizes.current?.querySelector<HTMLInputElement>('input:checked, input')?.focus()
      return
    }
    setError(null)
    setAdded(null)
    setPending(true)
    try {
      const result = await addToCart({ skuId: check.skuId, quantity: 1 })
      if (!result.ok) {
        setError(result.message)
        return
      }
      setAdded(check.skuId)
      onAdded?.()
    } finally {
      setPending(false)
    }
  }

  // a product without sizes cannot be bought (nor watched); the page still shows it
  if (skus.length === 0) return null

  return (
    <div className="buy-box">
      {skus.length > 1 || (skus.length === 1 && !isPurchasable(skus[0] as ProductSku)) ? (
        <SizePicker
          ref={sizes}
          skus={skus}
          selectedSkuId={selectedSkuId}
          onSelect={select}
          errorId={error ? errorId : undefined}
          name={name}
        />
      ) : null}
      <p className="buy-box__stock" role="status">
        {selected ? <SelectedStock sku={selected} /> : null}
        {added !== null && added === selectedSkuId ? (
          <> {intl.formatMessage({ id: 'product.added' }, { size: selected?.name ?? '' })}</>
        ) : null}
      </p>
      {error ? (
        <p id={errorId} className="field-error buy-box__error" role="alert">
          {error}
        </p>
      ) : null}
      {soldOut && selected ? (
        <Suspense fallback={null}>
          <BackInStockForm sku={selected} />
        </Suspense>
      ) : (
        <button
          type="button"
          className="button buy-box__add"
          onClick={() => void add()}
          aria-busy={pending || undefined}
          disabled={pending}
        >
          {intl.formatMessage({ id: 'product.addToCart' })}
        </button>
      )}
    </div>
  )
}

function SelectedStock({ sku }: { sku: ProductSku }) {
  const intl = useIntl()
  const status = statusOf(sku)
  const text = intl.formatMessage(
    { id: 'product.size.status' },
    { size: sku.name ?? '', status: intl.formatMessage({ id: STOCK_MESSAGE_ID[status] }) },
  )
  if (status === 'OUT_OF_STOCK' && sku.incoming) {
    const date = intl.formatDate(sku.incoming, { day: 'numeric', month: 'numeric', timeZone: 'UTC' })
    return (
      <>
        {text} {intl.formatMessage({ id: 'product.stock.incoming' }, { date })}
      </>
    )
  }
  return <>{text}</>
}
