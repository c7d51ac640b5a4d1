/**
 * Answers `?action=login&returnTo=…` (docs/product-rules.md#accounts-and-auth; the login-required middleware redirects there):
 * opens the login dialog for a guest, and once the shopper is logged in (here, by a refresh of
 * an expired token, or in another tab) goes to `returnTo` if it is a path on this site, never
 * elsewhere (no open redirect), or else drops the two parameters. Renders nothing.
 */
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { modalClosed, modalOpened } from '../modal/slice'
import { safeReturnPath } from '../../shared/session'
import { LOGIN_MODAL_ID } from './modal-id'
import { usePathNavigation } from './navigation'
import { LOGIN_ACTION } from '../../lib/login-dialog'

export function LoginAction() {
  const location = useLocation()
  const dispatch = useAppDispatch()
  const loggedIn = useAppSelector((state) => state.auth.user !== null)
  const connecting = useAppSelector((state) => state.auth.status === 'connecting')
  const goTo = usePathNavigation()
  const navigate = useNavigate()

  useEffect(() => {
    const params = new URLSearchParams(location.search)
    if (params.get('action') !== LOGIN_ACTION || connecting) return
    const returnTo = safeReturnPath(params.get('returnTo'))
    if (!loggedIn) {
      dispatch(modalOpened({ id: LOGIN_MODAL_ID }))
      return
    }
    dispatch(modalClosed())
    if (returnTo) return goTo(returnTo, { replace: true })
    params.delete('action')
    params.delete('returnTo')
    const search = params.toString()
    void navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, { replace: true })
    // goTo is a new function each render; the URL and the login state are what matter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, location.search, loggedIn, connecting, dispatch, navigate])

  return null
}
