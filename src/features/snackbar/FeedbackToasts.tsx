/** Connects the store's happenings to the toast in the page's language (./feedback.ts). */
import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import { useAppStore } from '../../app/hooks'
import { startFeedbackToasts } from './feedback'

export function FeedbackToasts() {
  const store = useAppStore()
  const intl = useIntl()
  useEffect(() => startFeedbackToasts(store, (id) => intl.formatMessage({ id })), [store, intl])
  return null
}
