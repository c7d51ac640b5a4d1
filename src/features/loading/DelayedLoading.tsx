/**
 * The second loading indicator (docs/product-rules.md#errors-and-feedback): shows only when an operation takes longer than the
 * delay (1000 ms), then ticks every 100 ms; ending before the delay cancels it, so quick
 * operations never flash a spinner. Without an `active` prop it follows the store's
 * `loading.delayedActive`.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import { DELAYED_LOADING_DELAY_MS, DELAYED_LOADING_TICK_MS } from './slice'
import './loading.css'

export interface DelayedLoadingProps {
  active?: boolean
  delayMs?: number
  tickMs?: number
  /** what to show; gets the time shown so far (ms), e.g. for a progress text */
  children?: (shownForMs: number) => ReactNode
}

export function DelayedLoading({
  active,
  delayMs = DELAYED_LOADING_DELAY_MS,
  tickMs = DELAYED_LOADING_TICK_MS,
  children,
}: DelayedLoadingProps) {
  const intl = useIntl()
  const storeActive = useAppSelector((state) => state.loading.delayedActive)
  const isActive = active ?? storeActive
  const [shownForMs, setShownForMs] = useState<number | null>(null)

  useEffect(() => {
    if (!isActive) {
      setShownForMs(null)
      return
    }
    let ticker: ReturnType<typeof setInterval> | null = null
    const start = setTimeout(() => {
      setShownForMs(0)
      ticker = setInterval(() => setShownForMs((ms) => (ms ?? 0) + tickMs), tickMs)
    }, delayMs)
    return () => {
      clearTimeout(start)
      if (ticker !== null) clearInterval(ticker)
    }
  }, [isActive, delayMs, tickMs])

  if (shownForMs === null) return null
  return (
    <div className="delayed-loading" role="status" data-shown-for={shownForMs}>
      {children ? (
        children(shownForMs)
      ) : (
        <>
          <span className="delayed-loading__spinner" aria-hidden="true" />
          <span className="visually-hidden">
            {intl.formatMessage({ id: 'loading.label', defaultMessage: 'Ladataan…' })}
          </span>
        </>
      )}
    </div>
  )
}
