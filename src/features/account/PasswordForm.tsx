/**
 * The password change (docs/product-rules.md#accounts-and-auth): the current password and a new one twice, sent as digests to
 * the session (the auth feature's changePassword: POST /api/session/password). A wrong current
 * password logs the customer out (docs/product-rules.md#accounts-and-auth): the shopper is told so and lands in the login
 * dialog, which brings them back here.
 */
import { useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useLocation, useNavigate } from 'react-router'
import { useAppDispatch } from '../../app/hooks'
import { useSite } from '../../app/site'
import { hrefFor, routerPath } from '../../ui/RouteLink'
import { snackbarShown } from '../snackbar/slice'
import { loginDialogSearch } from '../../lib/login-dialog'
import { TextField, fieldId } from '../checkout/fields'
import { firstInvalidNewPassword, NewPasswordFields, useMessage, type NewPassword } from './NewPasswordFields'
import { changePassword } from '../auth/thunks'
import { useSaveStatus } from './useSaveStatus'

export function PasswordForm() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const location = useLocation()
  const site = useSite()
  const message = useMessage()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState<NewPassword>({ password: '', confirmation: '' })
  const [showAll, setShowAll] = useState(false)
  const save = useSaveStatus()
  // any length: the rules of a new password do not judge an old one
  const currentError = current === '' ? 'validation.password.empty' : undefined

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setShowAll(true)
    const firstInvalid = currentError ? 'current' : firstInvalidNewPassword(next)
    if (firstInvalid) {
      document.getElementById(fieldId(`password-${firstInvalid}`))?.focus()
      return
    }
    let loggedOut = false
    await save.run(async () => {
      const outcome = await dispatch(changePassword({ password: current, newPassword: next.password }))
      // the server ended the session: a wrong current password, or it had ended already
      loggedOut = !outcome.ok && (outcome.error === 'wrong-password' || outcome.error === 'not-logged-in')
      return outcome.ok
    })
    if (loggedOut) {
      dispatch(snackbarShown({ message: intl.formatMessage({ id: 'auth.password.wrong' }), type: 'warning' }))
      const returnTo = site.basename.replace(/\/$/, '') + location.pathname
      await navigate(`${routerPath(hrefFor(site, 'home'), site.basename)}${loginDialogSearch(returnTo)}`)
      return
    }
    setCurrent('')
    setNext({ password: '', confirmation: '' })
    setShowAll(false)
  }

  return (
    <form
      className="account-form"
      noValidate
      aria-labelledby="account-password-title"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="account-password-title">{intl.formatMessage({ id: 'account.password.title' })}</h2>
      <TextField
        name="password-current"
        type="password"
        autoComplete="current-password"
        label={intl.formatMessage({ id: 'account.password.current' })}
        value={current}
        onValue={setCurrent}
        error={showAll ? message(currentError) : undefined}
        required
      />
      <NewPasswordFields prefix="password" value={next} onChange={setNext} showAll={showAll} />
      <button type="submit" className="button" disabled={save.status === 'saving'}>
        {intl.formatMessage({ id: 'account.password.submit' })}
      </button>
      {save.message('account.password.changed')}
    </form>
  )
}
