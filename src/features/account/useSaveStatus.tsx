/**
 * The outcome of a form's save, announced in a live region: saved (the form's own message) or
 * the generic failure of docs/product-rules.md#accounts-and-auth.
 */
import { failureMessage, type FailureMessage } from '../../lib/too-many-attempts'
import { useState, type ReactNode } from 'react'
import { useIntl } from 'react-intl'

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed'

const GENERIC_FAILURE: FailureMessage = { id: 'error.generic.text' }

export function useSaveStatus(): {
  status: SaveStatus
  run: (save: () => Promise<boolean>) => Promise<void>
  message: (savedId: string) => ReactNode
} {
  const intl = useIntl()
  const [status, setStatus] = useState<SaveStatus>('idle')
  const [failure, setFailure] = useState<FailureMessage>(GENERIC_FAILURE)
  const run = async (save: () => Promise<boolean>) => {
    setStatus('saving')
    setFailure(GENERIC_FAILURE)
    try {
      setStatus((await save()) ? 'saved' : 'failed')
    } catch (error) {
      console.error('Could not save the account settings', error)
      // an abuse limit (ADR 0024) says when to try again
      setFailure(failureMessage(error, GENERIC_FAILURE.id))
      setStatus('failed')
    }
  }
  const message = (savedId: string) => (
    <p role="status" className={status === 'failed' ? 'account-form__error' : 'account-form__status'}>
      {status === 'saved' ? intl.formatMessage({ id: savedId }) : null}
      {status === 'failed' ? intl.formatMessage({ id: failure.id }, failure.values) : null}
    </p>
  )
  return { status, run, message }
}
