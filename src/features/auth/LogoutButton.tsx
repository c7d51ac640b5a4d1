/**
 * Logout (docs/product-rules.md#accounts-and-auth): the session endpoint revokes the session and clears the cookies, the
 * listeners reset the cart and the loyalty user and tell the other tabs. A page that needs a
 * login is left for the home page; the shopper is told they are logged out.
 */
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppStore } from '../../app/hooks'
import { useRouteHref } from '../../ui/RouteLink'
import { routeByName, ROUTE_NAMES, type RouteName } from '../../shared/paths'
import { snackbarShown } from '../snackbar/slice'
import { logout } from './thunks'
import { usePathNavigation } from './navigation'

function needsLogin(routeName: string): boolean {
  if (!(ROUTE_NAMES as readonly string[]).includes(routeName)) return false
  const middleware = routeByName(routeName as RouteName).middleware
  return middleware.includes('login-required') || middleware.includes('check-is-member')
}

export function LogoutButton({ className = 'link-button' }: { className?: string }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const hrefOf = useRouteHref()
  const goTo = usePathNavigation()
  const onClick = async () => {
    await dispatch(logout())
    dispatch(snackbarShown({ message: intl.formatMessage({ id: 'auth.loggedOut' }), type: 'success' }))
    if (needsLogin(store.getState().global.currentRouteName)) goTo(hrefOf('home'))
  }
  return (
    <button type="button" className={className} onClick={() => void onClick()}>
      {intl.formatMessage({ id: 'auth.logout' })}
    </button>
  )
}
