/**
 * 'Forgot password' (docs/product-rules.md#accounts-and-auth): the account's e-mail address, sent with requestPasswordReset.
 * The answer is the same whether or not the address has an account (no account enumeration);
 * the link in the e-mail leads to /account/reset-password?key=….
 */
import { useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useGetApollo } from '../../app/apollo-access'
import { emailError } from '../auth/form-rules'
import { TextField, fieldId } from '../checkout/fields'
import { requestPasswordReset } from './api'
import { useSaveStatus } from './useSaveStatus'

export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const [email, setEmail] = useState(initialEmail)
  const [error, setError] = useState<string | undefined>()
  const save = useSaveStatus()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = emailError(email.trim())
    setError(found)
    if (found) {
      document.getElementById(fieldId('forgot-email'))?.focus()
      return
    }
    await save.run(async () => requestPasswordReset(await getApollo(), email))
  }

  return (
    <form
      className="account-form"
      noValidate
      aria-labelledby="account-forgot-title"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="account-forgot-title">{intl.formatMessage({ id: 'account.forgot.title' })}</h2>
      <p>{intl.formatMessage({ id: 'account.forgot.intro' })}</p>
      <TextField
        name="forgot-email"
        type="email"
        autoComplete="email"
        label={intl.formatMessage({ id: 'checkout.email' })}
        value={email}
        onValue={(value) => {
          setEmail(value)
          if (error) setError(undefined)
        }}
        error={error ? intl.formatMessage({ id: error }) : undefined}
        required
      />
      <button type="submit" className="button" disabled={save.status === 'saving'}>
        {intl.formatMessage({ id: 'account.forgot.submit' })}
      </button>
      {save.message('account.forgot.sent')}
    </form>
  )
}
