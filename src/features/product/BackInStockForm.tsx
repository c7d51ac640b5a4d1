/**
 * Back-in-stock sign-up for a sold-out size (docs/product-rules.md#product-page): an e-mail, validated
 * ('Sinun on annettava validi sähköpostiosoite'), sent with requestStockNotification (the Lumo
 * extension of monitorProductAvailability that also tells whether the same e-mail already waited
 * for the size: then the already-active message). Loaded only when a sold-out size is chosen.
 */
import { failureMessage, TOO_MANY_ATTEMPTS_MESSAGE } from '../../lib/too-many-attempts'

import { useId, useState, type FormEvent } from 'react'

import { useIntl } from 'react-intl'

import { useGetApollo } from '../../app/apollo-access'

import { isValidEmail } from '../../shared/validation/email'

import { runMutation } from '../../app/graphql'

import type { ProductSku } from './types'

import monitorMutation from '../../graphql/operations/monitor-product-availability'

type Outcome = 'subscribed' | 'alreadyActive' | 'failed'

const OUTCOME_MESSAGE: Record<Outcome, string> = {
  subscribed: 'product.notify.subscribed',
  alreadyActive: 'product.notify.alreadyActive',
  failed: 'error.generic.text',
}

export default function BackInStockForm({ sku }: { sku: ProductSku }) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const inputId = useId()
  const errorId = useId()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ skuId: number; result: Outcome; minutes?: number } | null>(null)
  const shown = outcome?.skuId === sku.skuId ? outcome.result : null

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!isValidEmail(email)) {
      setError(intl.formatMessage({ id: 'validation.email' }))
      document.getElementById(inputId)?.focus()
      return
    }
    setError(null)
    setPending(true)
    try {
      const apollo = await getApollo()
      const data = await runMutation(apollo, monitorMutation, { email: email.trim(), skuId: sku.skuId })
      const result = data.requestStockNotification
      setOutcome({
        skuId: sku.skuId,
        result: !result?.ok ? 'failed' : result.alreadyActive ? 'alreadyActive' : 'subscribed',
      })
    } catch (failure) {
      console.error('Back-in-stock sign-up failed', failure)
      // an abuse limit (ADR 0024) says when to try again
      const { values } = failureMessage(failure, OUTCOME_MESSAGE.failed)
      setOutcome({ skuId: sku.skuId, result: 'failed', ...(values ?? {}) })
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="back-in-stock" noValidate onSubmit={(event) => void submit(event)}>
      <p className="back-in-stock__intro">
        {intl.formatMessage({ id: 'product.notify.intro' }, { size: sku.name ?? '' })}
      </p>
      <label htmlFor={inputId}>{intl.formatMessage({ id: 'product.notify.email' })}</label>
      <input
        id={inputId}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        required
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined}>
        {intl.formatMessage({ id: 'product.notify.submit' })}
      </button>
      <p className="back-in-stock__result" role="status">
        {shown === 'failed' && outcome?.minutes !== undefined
          ? intl.formatMessage({ id: TOO_MANY_ATTEMPTS_MESSAGE }, { minutes: outcome.minutes })
          : shown
            ? intl.formatMessage({ id: OUTCOME_MESSAGE[shown] })
            : null}
      </p>
    </form>
  )
}
