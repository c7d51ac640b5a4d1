/**
 * What the login and registration forms share: the field values, the per-field errors (message
 * ids, docs/product-rules.md#accounts-and-auth), the refusal of the session endpoint shown above the fields (announced), focus
 * on the first wrong field, and one submission at a time.
 */
import { useRef, useState, type FormEvent } from 'react'
import type { AuthOutcome } from './thunks'
import type { FieldErrors } from './form-rules'
import { retryMinutes, sessionErrorMessage } from './form-rules'

export interface FormFailure {
  messageId: string
  values?: Record<string, number>
}

export function useAuthForm<Field extends string>(options: {
  initial: Record<Field, string>
  validate: (values: Record<Field, string>) => FieldErrors<Field>
  submit: (values: Record<Field, string>) => Promise<AuthOutcome>
  onSuccess?: () => void
}) {
  const [values, setValues] = useState(options.initial)
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [failure, setFailure] = useState<FormFailure | null>(null)
  const [sending, setSending] = useState(false)
  const inputs = useRef(new Map<Field, HTMLInputElement>())

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }))
  const ref = (field: Field) => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(field, element)
    else inputs.current.delete(field)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    const found = options.validate(values)
    setErrors(found)
    setFailure(null)
    const first = (Object.keys(options.initial) as Field[]).find((field) => found[field])
    if (first) {
      inputs.current.get(first)?.focus()
      return
    }
    setSending(true)
    const outcome = await options.submit(values)
    setSending(false)
    if (outcome.ok) {
      options.onSuccess?.()
      return
    }
    setFailure({
      messageId: sessionErrorMessage(outcome.error),
      ...(outcome.error === 'too-many-attempts'
        ? { values: { minutes: retryMinutes(outcome.retryAfter) } }
        : {}),
    })
  }

  return { values, set, ref, errors, failure, sending, onSubmit }
}
