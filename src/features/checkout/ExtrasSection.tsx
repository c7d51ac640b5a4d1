/** The order message and the entry code (docs/product-rules.md#checkout), both optional. */
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { TextAreaField, TextField } from './fields'
import { formChanged } from './slice'

export function ExtrasSection() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const { message, entryCode } = useAppSelector((state) => state.checkout.form)
  return (
    <section className="checkout-section" aria-labelledby="checkout-extra-title">
      <h2 id="checkout-extra-title">{intl.formatMessage({ id: 'checkout.extra.title' })}</h2>
      <TextAreaField
        name="message"
        label={intl.formatMessage({ id: 'checkout.message' })}
        value={message}
        maxLength={1000}
        onValue={(value) => dispatch(formChanged({ message: value }))}
      />
      <TextField
        name="entryCode"
        label={intl.formatMessage({ id: 'checkout.entryCode' })}
        value={entryCode}
        maxLength={50}
        autoComplete="off"
        onValue={(value) => dispatch(formChanged({ entryCode: value }))}
      />
    </section>
  )
}
