/**
 * The customer form (docs/product-rules.md#checkout): contact, customer type, name and identity number, address in the
 * market's country, phone, and the newsletter and SMS consents.
 */
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useSite } from '../../app/site'
import { changeCustomerType } from '../../app/global-slice'
import { MARKETS } from '../../shared/markets'
import { CheckboxField, fieldId, RadioGroup } from './fields'
import { formChanged, type CustomerForm } from './slice'
import type { CheckoutFields } from './useCheckoutFields'
import { asksPersonalId } from '../../shared/payment-kinds'

interface CustomerSectionProps {
  fields: CheckoutFields
  /** the chosen payment's kind (an invoice asks for the personal id) */
  paymentKind: string | null
}

export function CustomerSection({ fields, paymentKind }: CustomerSectionProps) {
  const intl = useIntl()
  const site = useSite()
  const dispatch = useAppDispatch()
  const form = useAppSelector((state) => state.checkout.form)
  const { text } = fields
  const organisation = form.customerType === 'ORGANIZATION'

  return (
    <section className="checkout-section" aria-labelledby="checkout-customer-title">
      <h2 id="checkout-customer-title">{intl.formatMessage({ id: 'checkout.customer.title' })}</h2>
      <p className="checkout-hint">{intl.formatMessage({ id: 'checkout.requiredHint' })}</p>
      {text('email', 'checkout.email', {
        autoComplete: 'email',
        required: true,
        type: 'email',
        inputMode: 'email',
      })}
      <RadioGroup
        name="customerType"
        legend={intl.formatMessage({ id: 'checkout.customerType.legend' })}
        value={form.customerType}
        required
        choices={[
          { value: 'PERSON', label: intl.formatMessage({ id: 'checkout.customerType.person' }) },
          {
            value: 'ORGANIZATION',
            label: intl.formatMessage({ id: 'checkout.customerType.organization' }),
          },
        ]}
        onValue={(value) => {
          const type = value === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON'
          dispatch(formChanged({ customerType: type }))
          dispatch(changeCustomerType(type))
        }}
        error={fields.errorOf('customerType')}
      />
      {organisation ? (
        <>
          {text('company', 'checkout.company', { autoComplete: 'organization', required: true })}
          {text('organizationId', 'checkout.organizationId', { required: true })}
        </>
      ) : null}
      <div className="checkout-row">
        {text('firstName', 'checkout.firstName', { autoComplete: 'given-name', required: true })}
        {text('lastName', 'checkout.lastName', { autoComplete: 'family-name', required: true })}
      </div>
      {organisation
        ? null
        : text('personalId', 'checkout.personalId', {
            required: asksPersonalId(paymentKind),
            hint: intl.formatMessage({ id: 'checkout.personalId.hint' }),
          })}
      <div className="checkout-field">
        <label htmlFor={fieldId('gender')}>{intl.formatMessage({ id: 'checkout.gender' })}</label>
        <select
          id={fieldId('gender')}
          name="gender"
          value={form.gender}
          onChange={(event) =>
            dispatch(formChanged({ gender: event.target.value as CustomerForm['gender'] }))
          }
        >
          <option value="UNSPECIFIED">{intl.formatMessage({ id: 'checkout.gender.unspecified' })}</option>
          <option value="WOMAN">{intl.formatMessage({ id: 'checkout.gender.woman' })}</option>
          <option value="MAN">{intl.formatMessage({ id: 'checkout.gender.man' })}</option>
        </select>
      </div>
      {text('careOf', 'checkout.careOf')}
      {text('address', 'checkout.address', { autoComplete: 'address-line1', required: true })}
      {text('address2', 'checkout.address2', { autoComplete: 'address-line2' })}
      <div className="checkout-row">
        {text('zip', 'checkout.zip', {
          autoComplete: 'postal-code',
          required: true,
          inputMode: 'numeric',
        })}
        {text('city', 'checkout.city', { autoComplete: 'address-level2', required: true })}
      </div>
      <p className="checkout-country">
        {intl.formatMessage({ id: 'checkout.country' })}: {MARKETS[site.market].countryName}
      </p>
      {text('phone', 'checkout.phone', {
        autoComplete: 'tel',
        required: true,
        type: 'tel',
        inputMode: 'tel',
      })}
      <CheckboxField
        name="newsletter"
        label={intl.formatMessage({ id: 'checkout.newsletter' })}
        checked={form.newsletter}
        onChecked={(checked) => dispatch(formChanged({ newsletter: checked }))}
      />
      <CheckboxField
        name="smsConsent"
        label={intl.formatMessage({ id: 'checkout.sms' })}
        checked={form.smsConsent}
        onChecked={(checked) => dispatch(formChanged({ smsConsent: checked }))}
      />
    </section>
  )
}
