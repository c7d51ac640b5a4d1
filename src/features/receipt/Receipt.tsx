/**
 * The receipt of an order (issue 29 item 1): what was bought with its pictures, sizes, quantities
 * and prices; the order's money rows (the checkout's presenter, src/ui/MoneyRows.tsx); delivery and
 * payment with their addresses, countries by name; what happens next. The confirmation page and
 * the account's order detail show it; it prints as a clean page (receipt.css).
 */
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { formatMoney } from '../../shared/money'
import { MoneyRows } from '../../ui/MoneyRows'
import { formatEstimateRange, formatOpeningHours } from '../../shared/delivery-estimate'
import {
  countryName,
  type ReceiptAddress,
  type ReceiptLine,
  type ReceiptOrder,
  type ReceiptPickupPoint,
} from './receipt-model'
import './receipt.css'

/** The pictures are small on the receipt (4:5, 72 px wide). */
const LINE_IMAGE = { width: 72, height: 90 }

export interface ReceiptProps {
  order: ReceiptOrder
  /** the level of the receipt's heading, its order number (2 on its own page); sections are one below */
  headingLevel?: 2 | 3
  /** what happens next, and anything else the page adds below the facts */
  children?: ReactNode
}

export function Receipt({ order, headingLevel = 2, children }: ReceiptProps) {
  const intl = useIntl()
  const Title = `h${headingLevel}` as const
  const Heading = `h${headingLevel + 1}` as 'h3' | 'h4'
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const id = `receipt-${order.orderNumber}`
  return (
    <section className="receipt" aria-labelledby={`${id}-number`}>
      <header className="receipt__head">
        <Title className="receipt__number" id={`${id}-number`}>
          {text('receipt.orderNumber')}: {order.orderNumber}
        </Title>
        <PrintButton />
      </header>

      <div className="receipt__body">
        <section className="receipt__items" aria-labelledby={`${id}-items`}>
          <Heading id={`${id}-items`} className="receipt__title">
            {text('receipt.items', { count: order.lines.reduce((sum, line) => sum + line.quantity, 0) })}
          </Heading>
          <ul className="receipt__lines plain-list" role="list">
            {order.lines.map((line) => (
              <ReceiptLineItem key={line.key} line={line} currency={order.currency} />
            ))}
          </ul>
          <MoneyRows className="receipt__money" money={order.money} currency={order.currency} />
        </section>

        <div className="receipt__facts">
          <section className="receipt__card" aria-labelledby={`${id}-delivery`}>
            <Heading id={`${id}-delivery`} className="receipt__title">
              {text('receipt.delivery')}
            </Heading>
            {order.shippingMethod ? <p className="receipt__method">{order.shippingMethod}</p> : null}
            {order.deliveryEstimate ? (
              <p className="receipt__estimate">
                {text('receipt.deliveryEstimate', {
                  range: formatEstimateRange(order.deliveryEstimate, intl.locale),
                })}
              </p>
            ) : null}
            {order.pickupPoint ? <PickupPointLines point={order.pickupPoint} /> : null}
            <AddressLines address={order.shippingAddress} />
          </section>
          <section className="receipt__card" aria-labelledby={`${id}-payment`}>
            <Heading id={`${id}-payment`} className="receipt__title">
              {text('receipt.payment')}
            </Heading>
            {order.paymentMethod ? <p className="receipt__method">{order.paymentMethod}</p> : null}
            <p className="receipt__label">{text('receipt.billingAddress')}</p>
            <AddressLines address={order.billingAddress} />
            {order.email ? <p className="receipt__email">{order.email}</p> : null}
          </section>
          {children}
        </div>
      </div>
    </section>
  )
}

function ReceiptLineItem({ line, currency }: { line: ReceiptLine; currency: ReceiptOrder['currency'] }) {
  const intl = useIntl()
  return (
    <li className="receipt-line">
      <div className="receipt-line__picture">
        {line.imageUrl ? (
          <img
            src={line.imageUrl}
            alt=""
            width={LINE_IMAGE.width}
            height={LINE_IMAGE.height}
            loading="lazy"
          />
        ) : null}
      </div>
      <div className="receipt-line__text">
        {line.brand ? <p className="receipt-line__brand">{line.brand}</p> : null}
        <p className="receipt-line__name">{line.name}</p>
        <p className="receipt-line__facts">
          {[
            line.size ? intl.formatMessage({ id: 'receipt.size' }, { size: line.size }) : null,
            intl.formatMessage({ id: 'receipt.quantity' }, { quantity: line.quantity }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <p className="receipt-line__total">{formatMoney(line.total, currency, intl.locale)}</p>
    </li>
  )
}

function AddressLines({ address }: { address: ReceiptAddress | null }) {
  const intl = useIntl()
  if (!address) return null
  const lines = [
    address.name,
    address.company,
    address.careOf ? `c/o ${address.careOf}` : null,
    ...address.lines,
    [address.zip, address.city].filter(Boolean).join(' '),
    address.countryCode ? countryName(address.countryCode, intl.locale) : null,
  ].filter((line): line is string => Boolean(line))
  return (
    <address className="receipt__address">
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  )
}

/** Prints the page (the receipt alone: receipt.css hides the shop around it). */
function PrintButton() {
  const intl = useIntl()
  return (
    <button type="button" className="button button--secondary receipt__print" onClick={() => window.print()}>
      {intl.formatMessage({ id: 'receipt.print' })}
    </button>
  )
}

/** The steps after a purchase, on the confirmation page. */
export function NextSteps({
  steps,
  headingLevel = 2,
}: {
  steps: readonly ReactNode[]
  headingLevel?: 2 | 3
}) {
  const intl = useIntl()
  const Heading = `h${headingLevel}` as const
  return (
    <section className="receipt__card receipt__next" aria-labelledby="receipt-next">
      <Heading id="receipt-next" className="receipt__title">
        {intl.formatMessage({ id: 'receipt.next.title' })}
      </Heading>
      <ol className="receipt__steps">
        {steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
    </section>
  )
}

/** The pickup point the parcel goes to: its name, address and opening hours. */
function PickupPointLines({ point }: { point: ReceiptPickupPoint }) {
  const intl = useIntl()
  return (
    <div className="receipt__pickup">
      <p className="receipt__label">{intl.formatMessage({ id: 'receipt.pickupPoint' })}</p>
      <address className="receipt__address">
        <span>{point.name}</span>
        <span>{point.street}</span>
        <span>
          {point.postcode} {point.city}
        </span>
        {point.openingHours.length > 0 ? (
          <span className="receipt__hours">{formatOpeningHours(point.openingHours, intl.locale)}</span>
        ) : null}
      </address>
    </div>
  )
}
