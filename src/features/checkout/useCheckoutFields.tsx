/**
 * The checkout form's field state: which fields the shopper has left (errors show after that, or
 * for every field once the order is tried), errors the API gave for a field, and a factory for
 * the text fields that wires a field's value, label, error and blur to the store.
 */
import { useState, type ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch } from '../../app/hooks'
import { fieldError, type CheckoutField, type CheckoutRuleInput, type FieldErrors } from './form-rules'
import { formChanged, type CustomerForm } from './slice'
import { TextField } from './fields'

type TextFieldName = keyof CustomerForm & CheckoutField

export interface TextFieldOptions {
  autoComplete?: string
  required?: boolean
  type?: string
  inputMode?: 'numeric' | 'tel' | 'email' | 'text'
  hint?: string
}

export interface CheckoutFields {
  /** the error message to show on a field now, in the page's language */
  errorOf: (field: CheckoutField) => string | undefined
  touch: (field: CheckoutField) => void
  text: (field: TextFieldName, label: string, options?: TextFieldOptions) => ReactNode
  showAllErrors: boolean
  setShowAllErrors: (show: boolean) => void
  setServerErrors: (errors: FieldErrors) => void
}

export function useCheckoutFields(
  ruleInput: CheckoutRuleInput,
  onFieldBlur: (field: CheckoutField) => void,
): CheckoutFields {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const [touched, setTouched] = useState<ReadonlySet<CheckoutField>>(new Set())
  const [showAllErrors, setShowAllErrors] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const { form } = ruleInput

  const errorOf = (field: CheckoutField): string | undefined => {
    const server = serverErrors[field]
    if (server) return intl.formatMessage({ id: server })
    if (!showAllErrors && !touched.has(field)) return undefined
    const message = fieldError(field, ruleInput)
    return message ? intl.formatMessage({ id: message }) : undefined
  }

  const touch = (field: CheckoutField) => {
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)))
  }

  const change = (field: TextFieldName, value: string) => {
    dispatch(formChanged({ [field]: value }))
    if (serverErrors[field]) setServerErrors((previous) => ({ ...previous, [field]: undefined }))
  }

  const text = (field: TextFieldName, label: string, options: TextFieldOptions = {}) => (
    <TextField
      name={field}
      label={intl.formatMessage({ id: label })}
      value={String(form[field])}
      onValue={(value) => change(field, value)}
      onBlur={() => {
        touch(field)
        onFieldBlur(field)
      }}
      error={errorOf(field)}
      required={options.required}
      autoComplete={options.autoComplete}
      type={options.type ?? 'text'}
      inputMode={options.inputMode}
      hint={options.hint}
    />
  )

  return { errorOf, touch, text, showAllErrors, setShowAllErrors, setServerErrors }
}
