/**
 * Account invoices (login required; /omat-laskut in Finnish): the customer's orders paid by
 * invoice with their due dates and whether they are paid. Personal: never page-cached, fetched
 * fresh.
 */
import { useIntl } from 'react-intl'
import { useLoaderData } from 'react-router'
import type { PageLoader } from '../app/route-types'
import { fetchOrders } from '../features/account/api'
import { personalData } from '../features/account/loaders'
import { invoicesOf, type Invoice } from '../features/account/invoices'
import { AccountFrame } from '../features/account/AccountFrame'
import { InvoiceList } from '../features/account/InvoiceList'
import { messageMeta } from '../ui/page-meta'

export interface AccountInvoicesData {
  invoices: Invoice[]
}

export const loader: PageLoader<AccountInvoicesData> = async (args) => ({
  invoices: invoicesOf(await personalData(args, () => fetchOrders(args.apollo))),
})

export const meta = messageMeta({
  title: 'page.accountInvoices.title',
  description: 'page.accountInvoices.intro',
  noindex: true,
})

export function Component() {
  const intl = useIntl()
  const data = useLoaderData() as AccountInvoicesData
  return (
    <AccountFrame
      title={intl.formatMessage({ id: 'page.accountInvoices.title' })}
      intro={intl.formatMessage({ id: 'page.accountInvoices.intro' })}
    >
      <InvoiceList invoices={data.invoices} />
    </AccountFrame>
  )
}
