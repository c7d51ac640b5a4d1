/**
 * The outcome of a form's save, announced in a live region: saved (the form's own message) or
 * the generic failure of spec §8.
 */
import { useState, type ReactNode } from 'react'
import { useIntl } from 'react-intl'

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed'

export function useSaveStatus(): {
  status: SaveStatus
  run: (save: () => Promise<boolean>) => Promise<void>
  message: (savedId: string) => ReactNode
} {
  const intl = useIntl()
  const [status, setStatus] = useState<SaveStatus>('idle')
  const run = async (save: () => Promise<boolean>) => {
    setStatus('saving')
    try {
      setStatus((await save()) ? 'saved' : 'failed')
    } catch (error) {
      console.error('Could not save the account settings', error)
      setStatus('failed')
    }
  }
  const message = (savedId: string) => (
    <p role="status" className={status === 'failed' ? 'account-form__error' : 'account-form__status'}>
      {status === 'saved' ? intl.formatMessage({ id: savedId }) : null}
      {status === 'failed' ? intl.formatMessage({ id: 'error.generic.text' }) : null}
    </p>
  )
  return { status, run, message }
}
