/**
 * The newsletter and SMS consents (docs/product-rules.md#accounts-and-auth customer form), saved with updateUser on their own.
 * Ticking the newsletter asks for a confirmation by e-mail (double opt-in, ADR 0031): the form
 * says so, and the box shows the list's answer once the link is followed.
 */
import { useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useGetApollo } from '../../app/apollo-access'
import { CheckboxField } from '../checkout/fields'
import { updateUser, type AccountUser } from './api'
import { consentsInput } from './profile-form'
import { useSaveStatus } from './useSaveStatus'

export function ConsentsForm({ user, onSaved }: { user: AccountUser; onSaved: (user: AccountUser) => void }) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const [newsletter, setNewsletter] = useState(user.newsletter === true)
  const [sms, setSms] = useState(user.sms === true)
  const save = useSaveStatus()
  const [pendingNewsletter, setPendingNewsletter] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    await save.run(async () => {
      const saved = await updateUser(await getApollo(), consentsInput(user, newsletter, sms))
      if (saved) onSaved(saved)
      setPendingNewsletter(newsletter && saved?.newsletter !== true)
      return saved !== null
    })
  }

  return (
    <form
      className="account-form"
      noValidate
      aria-labelledby="account-consents-title"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="account-consents-title">{intl.formatMessage({ id: 'account.settings.consents' })}</h2>
      <CheckboxField
        name="consent-newsletter"
        label={intl.formatMessage({ id: 'checkout.newsletter' })}
        checked={newsletter}
        onChecked={setNewsletter}
      />
      <CheckboxField
        name="consent-sms"
        label={intl.formatMessage({ id: 'checkout.sms' })}
        checked={sms}
        onChecked={setSms}
      />
      <button type="submit" className="button" disabled={save.status === 'saving'}>
        {intl.formatMessage({ id: 'account.settings.saveConsents' })}
      </button>
      {save.message(
        pendingNewsletter ? 'account.settings.newsletterPending' : 'account.settings.consentsSaved',
      )}
    </form>
  )
}
