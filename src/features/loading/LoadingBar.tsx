/**
 * The global loading bar (docs/product-rules.md#errors-and-feedback): appears only if loading lasts beyond the 200 ms throttle,
 * grows over 5000 ms, shows a failed style on failure, and hides 500 ms after the end.
 * Decorative (aria-hidden): screen readers learn about the new page from the page itself.
 */
import { useEffect, useRef, useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import { LOADING_HIDE_DELAY_MS, LOADING_THROTTLE_MS } from './slice'
import './loading.css'

type Phase = 'hidden' | 'running' | 'done' | 'failed'

export interface LoadingBarProps {
  throttleMs?: number
  hideDelayMs?: number
}

export function LoadingBar({
  throttleMs = LOADING_THROTTLE_MS,
  hideDelayMs = LOADING_HIDE_DELAY_MS,
}: LoadingBarProps) {
  const { status, run } = useAppSelector((state) => state.loading)
  const [phase, setPhase] = useState<Phase>('hidden')
  const phaseRef = useRef<Phase>('hidden')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(() => {
    const show = (next: Phase) => {
      phaseRef.current = next
      setPhase(next)
    }
    const clear = () => {
      if (timer.current !== null) clearTimeout(timer.current)
      timer.current = null
    }
    const hideLater = () => {
      timer.current = setTimeout(() => show('hidden'), hideDelayMs)
    }
    clear()
    if (status === 'loading') {
      // already visible: restart at once; otherwise wait out the throttle so fast loads show nothing
      if (phaseRef.current !== 'hidden') show('running')
      else timer.current = setTimeout(() => show('running'), throttleMs)
    } else if (status === 'finished') {
      if (phaseRef.current === 'hidden') return
      show('done')
      hideLater()
    } else if (status === 'failed') {
      show('failed')
      hideLater()
    }
    return clear
  }, [status, run, throttleMs, hideDelayMs])

  if (phase === 'hidden') return null
  return (
    <div className={`loading-bar loading-bar--${phase}`} data-phase={phase} aria-hidden="true">
      {/* keyed by run so a new load restarts the growth animation */}
      <div key={run} className="loading-bar__fill" />
    </div>
  )
}
