/**
 * The header's account link. For a guest it opens the login dialog (a plain click; a new-tab
 * click still goes to the account page); for a customer it goes to the account, says who is
 * logged in (its accessible name) and carries a dot. Logout is not in the header: like Zalando
 * and Boozt the shop keeps it in the account's own menu (AccountFrame), one click further, where
 * a shopper looks for it and cannot hit it by mistake (docs/adr/0056-layout-sweep.md).
 */
import type { MouseEvent } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { RouteLink } from '../../ui/RouteLink'
import { PersonIcon } from '../../ui/icons'
import { modalOpened } from '../modal/slice'
import { LOGIN_MODAL_ID } from './modal-id'
import { selectUser } from './slice'

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
}

export function AccountLink() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const user = useAppSelector(selectUser)
  const label = (
    <>
      <PersonIcon />
      <span className="user-nav__text">{intl.formatMessage({ id: 'nav.account' })}</span>
    </>
  )
  if (user) {
    return (
      <RouteLink
        to="account"
        markCurrent
        className="user-nav__link user-nav__link--signed-in"
        aria-label={intl.formatMessage({ id: 'nav.accountLoggedIn' }, { email: user.email })}
      >
        {label}
      </RouteLink>
    )
  }
  return (
    <RouteLink
      to="account"
      markCurrent
      className="user-nav__link"
      onClick={(event) => {
        if (!isPlainClick(event)) return
        event.preventDefault()
        dispatch(modalOpened({ id: LOGIN_MODAL_ID }))
      }}
    >
      {label}
    </RouteLink>
  )
}
