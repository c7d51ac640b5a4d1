/**
 * Payment failure `/checkout/{provider}-fail?oid={public order id}&reason={reason}`
 * (undistracted-special layout). Shows the spec's message for the reason the provider gave
 * (card refused; refused for a serial returner or suspected fraud; out of stock; sold out or
 * insufficient balance; user blocked) and the ways on: another card on the provider's page while
 * the order still waits for its payment, or back to the checkout.
 */
import { useIntl } from 'react-intl'

import { useLoaderData } from 'react-router'

import type { PageLoader, PageMeta } from '../app/route-types'

import { runQuery } from '../app/graphql'

import { InfoPage, SHOP_LINKS } from '../ui/InfoPage'

import { isFailureReason, type FailureReason } from '../shared/lumopay'

import { isUuid } from '../shared/validation/ids'

import paymentStatusQuery from '../graphql/operations/order-payment-status'

export interface FailData {
  reason: FailureReason | null
  orderNumber: string | null
  /** the provider's page, while the order can still be paid with another card */
  paymentUrl: string | null
}

function reasonOf(value: string | null): FailureReason | null {
  return isFailureReason(value) ? value : null
}

export const loader: PageLoader<FailData> = async ({ request, apollo }) => {
  const query = new URL(request.url).searchParams
  const reason = reasonOf(query.get('reason'))
  const oid = query.get('oid')?.trim() ?? ''
  if (!isUuid(oid)) return { reason, orderNumber: null, paymentUrl: null }
  try {
    const { checkout } = await runQuery(apollo, paymentStatusQuery, { id: oid })
    return {
      reason,
      orderNumber: checkout?.order?.orderId ?? null,
      // a refused card or a declined wallet request may be tried again; a fraud refusal asks for another method
      paymentUrl:
        reason === 'card_refused' || reason === 'payment_declined' ? (checkout?.paymentUrl ?? null) : null,
    }
  } catch {
    return { reason, orderNumber: null, paymentUrl: null }
  }
}

export const meta: PageMeta<FailData> = ({ data, intl }) => ({
  title: intl.formatMessage({ id: 'page.checkoutFail.title' }),
  description: intl.formatMessage({
    id: data.reason ? `page.checkoutFail.reason.${data.reason}` : 'page.checkoutFail.intro',
  }),
  noindex: true,
})

export function Component() {
  const intl = useIntl()
  const data = useLoaderData() as FailData
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'page.checkoutFail.title' })}
      intro={intl.formatMessage({
        id: data.reason ? `page.checkoutFail.reason.${data.reason}` : 'page.checkoutFail.intro',
      })}
      links={[{ to: 'checkout', label: 'page.checkoutFail.retry' }, ...SHOP_LINKS]}
    >
      {data.orderNumber ? (
        <p>{intl.formatMessage({ id: 'page.checkoutFail.orderNumber' }, { number: data.orderNumber })}</p>
      ) : null}
      {data.paymentUrl ? (
        <p>
          <a className="button" href={data.paymentUrl}>
            {intl.formatMessage({ id: 'page.checkoutFail.tryAgain' })}
          </a>
        </p>
      ) : null}
    </InfoPage>
  )
}
