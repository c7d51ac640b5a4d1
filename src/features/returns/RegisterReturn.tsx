/**
 * Digital returns (docs/product-rules.md#orders-and-returns, issue #11 item 4; docs/adr/0030-returns.md): find the order (a guest
 * types the order number and the order's e-mail, a signed-in customer picks one of their orders),
 * choose the items, how many of each and why, and register. The answer is the return's number
 * and state; the e-mail with the instructions follows. The order's earlier returns are listed with
 * their states, so the same page tells a guest where a return is.
 */
import { useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useGetApollo } from '../../app/apollo-access'
import { RETURN_REASONS } from '../../shared/returns'
import { emailError } from '../auth/form-rules'
import { TextField, fieldId } from '../checkout/fields'
import {
  fetchReturnableOrder,
  registerReturn,
  returnsFailure,
  type OrderLookup,
  type ReturnableOrder,
  type ReturnRequest,
  type ReturnsFailure,
} from './api'
import { ReturnRequestList } from './ReturnRequestList'

const DATE_FORMAT = { dateStyle: 'long', timeZone: 'UTC' } as const

/** One of the signed-in customer's orders, to pick from. */
export interface CustomerOrderChoice {
  orderNumber: string
  createdAt: string | null
}

interface ItemChoice {
  selected: boolean
  quantity: number
  reason: string
}

function failureMessage(failure: ReturnsFailure): string {
  return `returns.error.${failure}`
}

function FindOrderForm({
  customerOrders,
  initialOrderNumber,
  onFound,
}: {
  customerOrders: CustomerOrderChoice[] | null
  initialOrderNumber: string
  onFound: (lookup: OrderLookup, order: ReturnableOrder) => void
}) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const asCustomer = customerOrders !== null && customerOrders.length > 0
  const [orderNumber, setOrderNumber] = useState(
    asCustomer && !initialOrderNumber ? (customerOrders[0]?.orderNumber ?? '') : initialOrderNumber,
  )
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<{ orderNumber?: string; email?: string }>({})
  const [failure, setFailure] = useState<ReturnsFailure | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = {
      orderNumber: /^#?[0-9]{1,9}$/.test(orderNumber.trim()) ? undefined : 'returns.error.orderNumber',
      email: asCustomer ? undefined : emailError(email.trim()),
    }
    setErrors(found)
    setFailure(null)
    if (found.orderNumber || found.email) {
      document.getElementById(fieldId(found.orderNumber ? 'return-order' : 'return-email'))?.focus()
      return
    }
    const lookup: OrderLookup = asCustomer ? { orderNumber } : { orderNumber, email }
    setBusy(true)
    try {
      onFound(lookup, await fetchReturnableOrder(await getApollo(), lookup))
    } catch (error) {
      setFailure(returnsFailure(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="account-form returns-find" noValidate onSubmit={(e) => void submit(e)}>
      <h2>{text('returns.find.title')}</h2>
      {asCustomer ? (
        <div className="checkout-field">
          <label htmlFor={fieldId('return-order')}>{text('returns.find.pickOrder')}</label>
          <select
            id={fieldId('return-order')}
            value={orderNumber}
            onChange={(event) => setOrderNumber(event.target.value)}
          >
            {customerOrders.map((order) => (
              <option key={order.orderNumber} value={order.orderNumber}>
                {text('returns.find.orderOption', {
                  number: order.orderNumber,
                  date: order.createdAt ? intl.formatDate(order.createdAt, DATE_FORMAT) : '',
                })}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <>
          <p>{text('returns.find.intro')}</p>
          <TextField
            name="return-order"
            inputMode="numeric"
            label={text('returns.find.orderNumber')}
            value={orderNumber}
            onValue={setOrderNumber}
            error={errors.orderNumber ? text(errors.orderNumber) : undefined}
            required
          />
          <TextField
            name="return-email"
            type="email"
            autoComplete="email"
            label={text('checkout.email')}
            value={email}
            onValue={setEmail}
            error={errors.email ? text(errors.email) : undefined}
            required
          />
        </>
      )}
      <button type="submit" className="button" disabled={busy}>
        {text('returns.find.submit')}
      </button>
      {failure ? (
        <p className="form-error" role="alert">
          {text(failureMessage(failure))}
        </p>
      ) : null}
    </form>
  )
}

function ChooseItemsForm({
  lookup,
  order,
  onRegistered,
}: {
  lookup: OrderLookup
  order: ReturnableOrder
  onRegistered: (entry: ReturnRequest) => void
}) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const returnable = order.items.filter((item) => item.returnableQuantity > 0)
  const [choices, setChoices] = useState<Record<number, ItemChoice>>(() =>
    Object.fromEntries(returnable.map((item) => [item.itemId, { selected: false, quantity: 1, reason: '' }])),
  )
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const update = (itemId: number, change: Partial<ItemChoice>) =>
    setChoices((current) => ({ ...current, [itemId]: { ...current[itemId]!, ...change } }))

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const chosen = returnable.filter((item) => choices[item.itemId]?.selected)
    if (chosen.length === 0) return setError('returns.error.noItems')
    if (chosen.some((item) => !choices[item.itemId]?.reason)) return setError('returns.error.reason')
    setError(null)
    setBusy(true)
    try {
      const entry = await registerReturn(
        await getApollo(),
        lookup,
        chosen.map((item) => ({
          itemId: item.itemId,
          quantity: choices[item.itemId]!.quantity,
          reasonCode: choices[item.itemId]!.reason,
        })),
      )
      onRegistered(entry)
    } catch (failure) {
      setError(failureMessage(returnsFailure(failure)))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="account-form returns-choose" noValidate onSubmit={(e) => void submit(e)}>
      <h2>{text('returns.choose.title')}</h2>
      {returnable.map((item) => {
        const choice = choices[item.itemId]!
        const name = `${item.brand ? `${item.brand} ` : ''}${item.name}`
        return (
          <fieldset key={item.itemId} className="returns-item">
            <legend>
              {name}
              {item.size ? `, ${item.size}` : ''}
            </legend>
            <p>
              {text('returns.choose.bought', {
                quantity: item.quantity,
                price: item.unitPriceIncVatFormatted ?? '',
              })}
            </p>
            <label className="checkbox-field">
              <input
                type="checkbox"
                checked={choice.selected}
                onChange={(event) => update(item.itemId, { selected: event.target.checked })}
              />{' '}
              {text('returns.choose.select', { name: item.name })}
            </label>
            {choice.selected ? (
              <>
                <div className="checkout-field">
                  <label htmlFor={fieldId(`return-quantity-${item.itemId}`)}>
                    {text('returns.choose.quantity')}
                  </label>
                  <select
                    id={fieldId(`return-quantity-${item.itemId}`)}
                    value={choice.quantity}
                    onChange={(event) => update(item.itemId, { quantity: Number(event.target.value) })}
                  >
                    {Array.from({ length: item.returnableQuantity }, (_, index) => index + 1).map(
                      (quantity) => (
                        <option key={quantity} value={quantity}>
                          {quantity}
                        </option>
                      ),
                    )}
                  </select>
                </div>
                <div className="checkout-field">
                  <label htmlFor={fieldId(`return-reason-${item.itemId}`)}>
                    {text('returns.choose.reason')}
                  </label>
                  <select
                    id={fieldId(`return-reason-${item.itemId}`)}
                    value={choice.reason}
                    aria-required
                    onChange={(event) => update(item.itemId, { reason: event.target.value })}
                  >
                    <option value="">{text('returns.choose.reasonPlaceholder')}</option>
                    {RETURN_REASONS.filter((reason) => order.reasons.includes(reason)).map((reason) => (
                      <option key={reason} value={reason}>
                        {text(`returns.reason.${reason}`)}
                      </option>
                    ))}
                  </select>
                </div>
              </>
            ) : null}
          </fieldset>
        )
      })}
      <button type="submit" className="button" disabled={busy}>
        {text('returns.choose.submit')}
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {text(error)}
        </p>
      ) : null}
    </form>
  )
}

export function RegisterReturn({
  customerOrders,
  initialOrderNumber = '',
}: {
  customerOrders: CustomerOrderChoice[] | null
  initialOrderNumber?: string
}) {
  const intl = useIntl()
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const [found, setFound] = useState<{ lookup: OrderLookup; order: ReturnableOrder } | null>(null)
  const [registered, setRegistered] = useState<ReturnRequest | null>(null)

  if (!found)
    return (
      <FindOrderForm
        customerOrders={customerOrders}
        initialOrderNumber={initialOrderNumber}
        onFound={(lookup, order) => setFound({ lookup, order })}
      />
    )

  const { order } = found
  const returns = registered ? [...order.returns, registered] : order.returns
  return (
    <section className="returns-order" aria-labelledby="returns-order-title">
      <h2 id="returns-order-title">{text('returns.order.title', { number: order.orderNumber })}</h2>
      <p>
        {order.returnableUntil
          ? text('returns.order.until', { date: intl.formatDate(order.returnableUntil, DATE_FORMAT) })
          : text('returns.order.notDelivered')}
      </p>
      {registered ? (
        <div className="returns-done" role="status">
          <p>
            <strong>{text('returns.done.title', { number: registered.returnNumber })}</strong>
          </p>
          <p>
            {text('returns.done.instructions', {
              number: registered.returnNumber,
              days: order.returnWindowDays,
            })}
          </p>
        </div>
      ) : order.isReturnable ? (
        <ChooseItemsForm lookup={found.lookup} order={order} onRegistered={setRegistered} />
      ) : (
        <p role="status">{text(`returns.notReturnable.${order.notReturnableReason ?? 'NOTHING_LEFT'}`)}</p>
      )}
      {returns.length > 0 ? (
        <>
          <h3>{text('returns.list.title')}</h3>
          <ReturnRequestList returns={returns} />
        </>
      ) : null}
    </section>
  )
}
