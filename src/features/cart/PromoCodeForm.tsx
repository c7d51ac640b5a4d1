/**
 * One field for promo codes, gift codes and loyalty bonus vouchers (the API tells them apart):
 * the active code can be removed; refusals show the spec's messages (invalid code, requirements
 * not met, invalid voucher, voucher minimum purchase 25 euro), linked to the field.
 */
import { useId, useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useApplyPromoCode, useCart } from './hooks'

export function PromoCodeForm() {
  const intl = useIntl()
  const cart = useCart()
  const apply = useApplyPromoCode()
  const fieldId = useId()
  const errorId = useId()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  if (!cart) return null
  const active = cart.promoCode

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    const trimmed = code.trim()
    if (trimmed === '') {
      setError(intl.formatMessage({ id: 'cart.promo.required' }))
      return
    }
    setPending(true)
    setError(null)
    const result = await apply(trimmed)
    setPending(false)
    if (result.ok) setCode('')
    else setError(result.message)
  }

  const remove = async () => {
    if (pending) return
    setPending(true)
    setError(null)
    const result = await apply('')
    setPending(false)
    if (!result.ok) setError(result.message)
  }

  return (
    <div className="promo-code">
      {active ? (
        <p className="promo-code__active">
          <span>{intl.formatMessage({ id: 'cart.promo.active' }, { code: active })}</span>{' '}
          <button
            type="button"
            className="promo-code__remove"
            aria-disabled={pending}
            onClick={() => void remove()}
          >
            {intl.formatMessage({ id: 'cart.promo.remove' }, { code: active })}
          </button>
        </p>
      ) : null}
      <form className="promo-code__form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={fieldId}>{intl.formatMessage({ id: 'cart.promo.label' })}</label>
        <div className="promo-code__row">
          <input
            id={fieldId}
            name="promoCode"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className="button button--secondary" aria-disabled={pending}>
            {intl.formatMessage({ id: 'cart.promo.apply' })}
          </button>
        </div>
        {error ? (
          <p id={errorId} className="promo-code__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  )
}
