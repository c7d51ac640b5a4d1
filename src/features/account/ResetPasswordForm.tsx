/**
 * The password reset from the e-mail link (/account/reset-password?key=…): a new password and
 * its confirmation (docs/product-rules.md#accounts-and-auth rules), sent as the digest with commitReset. A missing, used or
 * expired key asks for a new link (docs/product-rules.md#accounts-and-auth), with the request form right there.
 */
import { useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useGetApollo } from '../../app/apollo-access'
import { passwordDigest } from '../../shared/password-digest'
import { RouteLink } from '../../ui/RouteLink'
import { fieldId } from '../checkout/fields'
import { commitReset, type CommitResetResult } from './api'
import { ForgotPasswordForm } from './ForgotPasswordForm'
import { firstInvalidNewPassword, NewPasswordFields, type NewPassword } from './NewPasswordFields'

export function ResetPasswordForm({ resetKey }: { resetKey: string | null }) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' })
  const [showAll, setShowAll] = useState(false)
  const [result, setResult] = useState<CommitResetResult | 'sending' | null>(resetKey ? null : 'expired')
  const text = (id: string) => intl.formatMessage({ id })

  if (result === 'changed') {
    return (
      <div role="status" className="notice">
        <p>{text('account.reset.done')}</p>
        <p>
          <RouteLink to="account">{text('auth.login.title')}</RouteLink>
        </p>
      </div>
    )
  }
  if (result === 'expired') {
    return (
      <>
        <p role="alert" className="notice">
          {text(resetKey ? 'auth.reset.expired' : 'account.reset.noKey')}
        </p>
        <ForgotPasswordForm />
      </>
    )
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setShowAll(true)
    const firstInvalid = firstInvalidNewPassword(value)
    if (firstInvalid) {
      document.getElementById(fieldId(`reset-${firstInvalid}`))?.focus()
      return
    }
    if (!resetKey) return
    setResult('sending')
    try {
      setResult(await commitReset(await getApollo(), resetKey, await passwordDigest(value.password)))
    } catch (error) {
      console.error('Could not reset the password', error)
      setResult('failed')
    }
  }

  return (
    <form
      className="account-form"
      noValidate
      aria-labelledby="reset-password-title"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="reset-password-title" className="visually-hidden">
        {text('page.resetPassword.title')}
      </h2>
      <NewPasswordFields prefix="reset" value={value} onChange={setValue} showAll={showAll} />
      <button type="submit" className="button" disabled={result === 'sending'}>
        {text('account.reset.submit')}
      </button>
      <p role="status" className="account-form__error">
        {result === 'failed' ? text('error.generic.text') : null}
      </p>
    </form>
  )
}
