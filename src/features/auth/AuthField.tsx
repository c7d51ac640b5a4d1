/**
 * A labelled input of the login and registration forms: its error is tied to it (aria-invalid,
 * aria-describedby), as is an optional hint.
 */
import type { InputHTMLAttributes, Ref } from 'react'

interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string
  label: string
  value: string
  onValue: (value: string) => void
  error?: string | undefined
  hint?: string | undefined
  inputRef?: Ref<HTMLInputElement>
}

export function AuthField({ id, label, value, onValue, error, hint, inputRef, ...input }: AuthFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className="field auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function CheckboxField({
  id,
  label,
  checked,
  onChecked,
}: {
  id: string
  label: string
  checked: boolean
  onChecked: (checked: boolean) => void
}) {
  return (
    <div className="auth-checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  )
}
