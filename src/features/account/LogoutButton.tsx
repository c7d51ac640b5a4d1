/** Logs the customer out (spec §4) and takes them to the home page. */
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppDispatch } from '../../app/hooks'
import { useSite } from '../../app/site'
import { hrefFor, routerPath } from '../../ui/RouteLink'
import { logout } from '../auth/thunks'

/** Navigates to the home page of this market and language (after a logout or a deletion). */
export function useGoHome(): () => Promise<void> {
  const navigate = useNavigate()
  const site = useSite()
  return async () => {
    await navigate(routerPath(hrefFor(site, 'home'), site.basename))
  }
}

export function LogoutButton() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const goHome = useGoHome()
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className="button button--secondary account-logout"
      disabled={busy}
      onClick={() => {
        setBusy(true)
        void dispatch(logout()).then(goHome)
      }}
    >
      {intl.formatMessage({ id: 'account.logout' })}
    </button>
  )
}
