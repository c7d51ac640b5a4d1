/**
 * Closing the account (docs/product-rules.md#accounts-and-auth, issue #10 item 8): a confirmation dialog, then deleteUser, then
 * the logout of docs/product-rules.md#accounts-and-auth and the home page with a notice. The orders stay for accounting, without
 * the person (said before the shopper confirms).
 */
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { useGetApollo } from '../../app/apollo-access'
import { useAppDispatch } from '../../app/hooks'
import { Dialog } from '../product/Dialog'
import { snackbarShown } from '../snackbar/slice'
import { deleteUser } from './api'
import { usePathNavigation } from '../auth/navigation'
import { useRouteHref } from '../../ui/RouteLink'
import { logout } from '../auth/thunks'

export function DeleteAccount() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const getApollo = useGetApollo()
  const goTo = usePathNavigation()
  const hrefOf = useRouteHref()
  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState<'idle' | 'deleting' | 'failed'>('idle')
  const text = (id: string) => intl.formatMessage({ id })

  const confirm = async () => {
    setStatus('deleting')
    let deleted = false
    try {
      deleted = await deleteUser(await getApollo())
    } catch (error) {
      console.error('Could not delete the account', error)
    }
    if (!deleted) {
      setStatus('failed')
      return
    }
    await dispatch(logout())
    dispatch(snackbarShown({ message: text('account.delete.done'), type: 'success' }))
    goTo(hrefOf('home'))
  }

  return (
    <section className="account-form" aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{text('account.delete.title')}</h2>
      <p>{text('account.delete.intro')}</p>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {text('account.delete.open')}
      </button>
      {open ? (
        <Dialog title={text('account.delete.confirmTitle')} onClose={() => setOpen(false)}>
          <p>{text('account.delete.confirmText')}</p>
          {status === 'failed' ? (
            <p role="alert" className="account-form__error">
              {text('error.generic.text')}
            </p>
          ) : null}
          <div className="account-dialog__actions">
            <button
              type="button"
              className="button account-danger"
              disabled={status === 'deleting'}
              onClick={() => void confirm()}
            >
              {text('account.delete.confirm')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              {text('account.delete.cancel')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  )
}
