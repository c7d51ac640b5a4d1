/**
 * Accessible form controls of the checkout: every control has a visible label, an error is
 * linked to its control (aria-describedby) and marks it invalid (aria-invalid), and required
 * controls say so (aria-required; the asterisk is decoration).
 */
import type { InputHTMLAttributes, ReactNode } from 'react'

export const fieldId = (name: string) => `checkout-${name}`
export const errorId = (name: string) => `checkout-${name}-error`
const hintId = (name: string) => `checkout-${name}-hint`

function describedBy(name: string, error: string | undefined, hint: ReactNode | undefined) {
  const ids = [hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

export function FieldError({ name, error }: { name: string; error: string | undefined }) {
  return error ? (
    <p className="checkout-field__error" id={errorId(name)}>
      {error}
    </p>
  ) : null
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'value'> {
  name: string
  label: string
  value: string
  onValue: (value: string) => void
  error?: string
  hint?: ReactNode
  required?: boolean
}

export function TextField({ name, label, value, onValue, error, hint, required, ...input }: TextFieldProps) {
  return (
    <div className="checkout-field">
      <label htmlFor={fieldId(name)}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={fieldId(name)}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...input}
      />
      {hint ? (
        <p className="checkout-field__hint" id={hintId(name)}>
          {hint}
        </p>
      ) : null}
      <FieldError name={name} error={error} />
    </div>
  )
}

interface TextAreaFieldProps {
  name: string
  label: string
  value: string
  onValue: (value: string) => void
  maxLength?: number
}

export function TextAreaField({ name, label, value, onValue, maxLength }: TextAreaFieldProps) {
  return (
    <div className="checkout-field">
      <label htmlFor={fieldId(name)}>{label}</label>
      <textarea
        id={fieldId(name)}
        name={name}
        value={value}
        rows={3}
        maxLength={maxLength}
        onChange={(event) => onValue(event.target.value)}
      />
    </div>
  )
}

interface CheckboxFieldProps {
  name: string
  label: ReactNode
  checked: boolean
  onChecked: (checked: boolean) => void
  error?: string
  required?: boolean
}

export function CheckboxField({ name, label, checked, onChecked, error, required }: CheckboxFieldProps) {
  return (
    <div className="checkout-field checkout-field--checkbox">
      <input
        type="checkbox"
        id={fieldId(name)}
        name={name}
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
      />
      <label htmlFor={fieldId(name)}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <FieldError name={name} error={error} />
    </div>
  )
}

export interface RadioChoice {
  value: string
  label: ReactNode
  detail?: ReactNode
}

interface RadioGroupProps {
  name: string
  legend: string
  choices: readonly RadioChoice[]
  value: string | null
  onValue: (value: string) => void
  error?: string
  required?: boolean
  disabled?: boolean
}

/**
 * A fieldset of radio buttons. The first radio carries the group's id so focus can move to the
 * group when it is the first invalid field.
 */
export function RadioGroup({
  name,
  legend,
  choices,
  value,
  onValue,
  error,
  required,
  disabled,
}: RadioGroupProps) {
  return (
    <fieldset
      id={`${fieldId(name)}-group`}
      tabIndex={-1}
      className="checkout-choices"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId(name) : undefined}
      disabled={disabled}
    >
      <legend>
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {choices.map((choice, index) => {
        const id = index === 0 ? fieldId(name) : `${fieldId(name)}-${choice.value}`
        return (
          <div className="checkout-choice" key={choice.value}>
            <input
              type="radio"
              id={id}
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onValue(choice.value)}
              aria-describedby={error ? errorId(name) : undefined}
            />
            <label htmlFor={id}>
              <span className="checkout-choice__label">{choice.label}</span>
              {choice.detail ? <span className="checkout-choice__detail">{choice.detail}</span> : null}
            </label>
          </div>
        )
      })}
      <FieldError name={name} error={error} />
    </fieldset>
  )
}
