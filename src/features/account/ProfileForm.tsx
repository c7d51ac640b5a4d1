/**
 * The settings page's contact details (docs/product-rules.md#accounts-and-auth customer form): names, the personal id or the
 * organisation's name and number, gender, address and mobile phone, checked with the checkout's
 * field rules and saved with updateUser. Errors show when a field is left and for every field on
 * saving; focus goes to the first invalid field.
 */
import { useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useGetApollo } from '../../app/apollo-access'
import { useSite } from '../../app/site'
import { MARKETS } from '../../shared/markets'
import { RadioGroup, TextField, fieldId } from '../checkout/fields'
import type { CustomerForm } from '../checkout/slice'
import { updateUser, type AccountUser } from './api'
import {
  PROFILE_FIELDS,
  profileErrors,
  profileFormFrom,
  profileInput,
  type ProfileField,
} from './profile-form'
import { useSaveStatus } from './useSaveStatus'

const FIELD_OPTIONS: Record<ProfileField, { label: string; autoComplete?: string; type?: string }> = {
  company: { label: 'checkout.company', autoComplete: 'organization' },
  organizationId: { label: 'checkout.organizationId' },
  firstName: { label: 'checkout.firstName', autoComplete: 'given-name' },
  lastName: { label: 'checkout.lastName', autoComplete: 'family-name' },
  personalId: { label: 'checkout.personalId' },
  careOf: { label: 'checkout.careOf' },
  address: { label: 'checkout.address', autoComplete: 'address-line1' },
  address2: { label: 'checkout.address2', autoComplete: 'address-line2' },
  zip: { label: 'checkout.zip', autoComplete: 'postal-code' },
  city: { label: 'checkout.city', autoComplete: 'address-level2' },
  phone: { label: 'checkout.phone', autoComplete: 'tel', type: 'tel' },
}

const OPTIONAL: ReadonlySet<ProfileField> = new Set(['careOf', 'address2', 'personalId'])

export function ProfileForm({ user, onSaved }: { user: AccountUser; onSaved: (user: AccountUser) => void }) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const { market } = useSite()
  const country = MARKETS[market].countryCode
  const [form, setForm] = useState<CustomerForm>(() => profileFormFrom(user))
  const [touched, setTouched] = useState<ReadonlySet<ProfileField>>(new Set())
  const [showAll, setShowAll] = useState(false)
  const save = useSaveStatus()
  const organisation = form.customerType === 'ORGANIZATION'
  const errors = profileErrors(form, country)
  const fields = PROFILE_FIELDS.filter((field) =>
    organisation ? field !== 'personalId' : field !== 'company' && field !== 'organizationId',
  )

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setShowAll(true)
    const firstInvalid = fields.find((field) => errors[field])
    if (firstInvalid) {
      document.getElementById(fieldId(`profile-${firstInvalid}`))?.focus()
      return
    }
    await save.run(async () => {
      const saved = await updateUser(await getApollo(), profileInput(form, country))
      if (saved) onSaved(saved)
      return saved !== null
    })
  }

  return (
    <form
      className="account-form"
      noValidate
      aria-labelledby="account-profile-title"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="account-profile-title">{intl.formatMessage({ id: 'account.settings.profile' })}</h2>
      {fields.map((field) => {
        const options = FIELD_OPTIONS[field]
        const error = showAll || touched.has(field) ? errors[field] : undefined
        return (
          <TextField
            key={field}
            name={`profile-${field}`}
            label={intl.formatMessage({ id: options.label })}
            value={String(form[field])}
            onValue={(value) => setForm((previous) => ({ ...previous, [field]: value }))}
            onBlur={() => setTouched((previous) => new Set(previous).add(field))}
            error={error ? intl.formatMessage({ id: error }) : undefined}
            required={!OPTIONAL.has(field)}
            autoComplete={options.autoComplete}
            type={options.type ?? 'text'}
          />
        )
      })}
      <RadioGroup
        name="profile-gender"
        legend={intl.formatMessage({ id: 'checkout.gender' })}
        value={form.gender}
        onValue={(value) => setForm((previous) => ({ ...previous, gender: value as CustomerForm['gender'] }))}
        choices={(['UNSPECIFIED', 'WOMAN', 'MAN'] as const).map((gender) => ({
          value: gender,
          label: intl.formatMessage({ id: `checkout.gender.${gender.toLowerCase()}` }),
        }))}
      />
      <button type="submit" className="button" disabled={save.status === 'saving'}>
        {intl.formatMessage({ id: 'account.settings.save' })}
      </button>
      {save.message('account.settings.saved')}
    </form>
  )
}
