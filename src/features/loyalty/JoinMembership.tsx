/**
 * Joining the member programme on /lumo-member (docs/product-rules.md#loyalty): a customer joins with one button (the
 * success modal follows); a guest is asked to log in first, and comes back here after the login.
 * A member is told so and pointed to their membership page and the members' pages.
 */
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { Link, useHref, useLocation } from 'react-router'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { loginDialogSearch } from '../../lib/login-dialog'
import { RouteLink } from '../../ui/RouteLink'
import { joinMembership } from './thunks'

export function JoinMembership() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const user = useAppSelector((state) => state.auth.user)
  const location = useLocation()
  const here = useHref({ pathname: location.pathname, search: '' })
  const [status, setStatus] = useState<'idle' | 'joining' | 'failed'>('idle')
  const text = (id: string) => intl.formatMessage({ id })

  if (!user) {
    return (
      <section className="member-join" aria-labelledby="member-join-title">
        <h2 id="member-join-title">{text('loyalty.join.title')}</h2>
        <p>{text('loyalty.join.loginFirst')}</p>
        <Link className="button" to={{ pathname: location.pathname, search: loginDialogSearch(here) }}>
          {text('loyalty.join.login')}
        </Link>
      </section>
    )
  }

  if (user.isMember) {
    return (
      <section className="member-join" aria-labelledby="member-join-title">
        <h2 id="member-join-title">{text('loyalty.join.memberTitle')}</h2>
        <p>{text('loyalty.join.memberText')}</p>
        <ul className="plain-list" role="list">
          <li>
            <RouteLink to="account-membership">{text('page.accountMembership.title')}</RouteLink>
          </li>
          <li>
            <RouteLink to="style-gallery">{text('loyalty.join.styleGallery')}</RouteLink>
          </li>
        </ul>
      </section>
    )
  }

  const join = async () => {
    setStatus('joining')
    const joined = await dispatch(joinMembership())
    setStatus(joined ? 'idle' : 'failed')
  }

  return (
    <section className="member-join" aria-labelledby="member-join-title">
      <h2 id="member-join-title">{text('loyalty.join.title')}</h2>
      <p>{text('loyalty.join.text')}</p>
      {status === 'failed' ? (
        <p role="alert" className="account-form__error">
          {text('error.generic.text')}
        </p>
      ) : null}
      <button type="button" className="button" disabled={status === 'joining'} onClick={() => void join()}>
        {text('loyalty.join.button')}
      </button>
    </section>
  )
}
