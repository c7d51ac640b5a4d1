/**
 * The newsletter offer (docs/product-rules.md#mails-and-subscriptions: 15 % off a first purchase): an e-mail field and a button. The
 * address is checked before it is sent (docs/product-rules.md#mails-and-subscriptions: 'Sinun on annettava validi sähköpostiosoite'),
 * the error is tied to the field (aria-invalid, aria-describedby) and focus returns to it; the
 * outcome is announced in a live region.
 */
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../lib/too-many-attempts'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useGetApollo } from '../../app/apollo-access'
import { SHOP_PROMISES } from '../../app/i18n'
import { isValidEmail } from '../../shared/validation/email'
import { subscribeToNewsletter } from './subscribe'
import './newsletter.css'

type Status = 'idle' | 'sending' | 'subscribed' | 'failed' | { minutes: number }

export function NewsletterForm({ headingId }: { headingId: string }) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<Status>('idle')
  const text = (messageId: string) => intl.formatMessage({ id: messageId })

  const refuse = (messageId: string) => {
    setError(messageId)
    setStatus('idle')
    input.current?.focus()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (status === 'sending') return
    if (email.trim() === '') return refuse('validation.required')
    if (!isValidEmail(email)) return refuse('validation.email')
    setError(null)
    setStatus('sending')
    let result: Awaited<ReturnType<typeof subscribeToNewsletter>>
    try {
      result = await subscribeToNewsletter(await getApollo(), email)
    } catch {
      result = 'failed'
    }
    if (result === 'invalid-email') return refuse('validation.email')
    setStatus(result)
  }

  const errorId = `${id}-error`
  return (
    <form className="newsletter-form" noValidate aria-labelledby={headingId} onSubmit={submit}>
      <p>
        {intl.formatMessage(
          { id: 'home.newsletter.text' },
          { percent: SHOP_PROMISES.newsletterDiscountPercent },
        )}
      </p>
      {status === 'subscribed' ? null : (
        <div className="newsletter-form__row">
          <div className="field">
            <label htmlFor={`${id}-email`}>{text('newsletter.email')}</label>
            <input
              ref={input}
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error ? (
              <p id={errorId} className="field__error">
                {text(error)}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" aria-disabled={status === 'sending' || undefined}>
            {text('newsletter.subscribe')}
          </button>
        </div>
      )}
      <p className="newsletter-form__status" role="status">
        {status === 'subscribed'
          ? intl.formatMessage(
              { id: 'newsletter.subscribed' },
              { percent: SHOP_PROMISES.newsletterDiscountPercent },
            )
          : status === 'failed'
            ? text('error.generic.text')
            : typeof status === 'object'
              ? intl.formatMessage({ id: TOO_MANY_ATTEMPTS_MESSAGE }, status)
              : ''}
      </p>
    </form>
  )
}
