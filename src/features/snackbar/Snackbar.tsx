/**
 * The notification toast (docs/product-rules.md#errors-and-feedback): the first message of the queue, top-right by default,
 * hidden after its timeout (5 s). The live region is always in the page so that screen readers
 * announce a message when it appears (aria-live polite: it never interrupts).
 */
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import {
  selectCurrentSnackbar,
  snackbarActionChosen,
  snackbarDismissed,
  SNACKBAR_DEFAULT_PLACEMENT,
} from './slice'
import './snackbar.css'

export function Snackbar() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const current = useAppSelector(selectCurrentSnackbar)
  // WCAG 2.2.1: pointer or keyboard focus on the toast pauses its timer; leaving starts it again
  const [paused, setPaused] = useState(false)

  useEffect(() => {
    if (!current || paused || current.timeoutMs === 0) return
    const timer = setTimeout(() => dispatch(snackbarDismissed(current.id)), current.timeoutMs)
    return () => clearTimeout(timer)
  }, [current, paused, dispatch])

  const placement = current?.placement ?? SNACKBAR_DEFAULT_PLACEMENT
  const action = current?.action
  return (
    <div
      className={`snackbar-region snackbar-region--${placement}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {current ? (
        <div
          className={`snackbar snackbar--${current.type}`}
          key={current.id}
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          <p className="snackbar__message">{current.message}</p>
          {action ? (
            <button
              type="button"
              className="snackbar__action"
              onClick={() => {
                setPaused(false)
                dispatch(snackbarActionChosen({ id: current.id, name: action.name }))
              }}
            >
              {action.label}
            </button>
          ) : null}
          <button
            type="button"
            className="snackbar__close"
            aria-label={intl.formatMessage({ id: 'snackbar.close', defaultMessage: 'Sulje ilmoitus' })}
            onClick={() => {
              setPaused(false)
              dispatch(snackbarDismissed(current.id))
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  )
}
