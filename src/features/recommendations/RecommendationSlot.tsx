/**
 * Where a page shows recommendation lists. They are the shopper's own (recently viewed, their
 * cart), so they load in the browser, never into a shared page render: the server and the first
 * client render leave an empty slot (no hydration mismatch), and when the slot comes near the
 * viewport its chunk loads and asks the service (RecommendationLists).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { RecommendationRequest } from './request'

const RecommendationLists = lazy(() => import('./RecommendationLists'))

export interface RecommendationSlotProps {
  request: RecommendationRequest
  /** the level of each list's heading */
  headingLevel?: 2 | 3
  /** load at once (a popup or drawer already on screen) rather than when scrolled near */
  eager?: boolean
  className?: string
}

export function RecommendationSlot({
  request,
  headingLevel = 2,
  eager = false,
  className,
}: RecommendationSlotProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    const element = ref.current
    if (eager || !element || typeof IntersectionObserver === 'undefined') {
      setVisible(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true)
          observer.disconnect()
        }
      },
      { rootMargin: '400px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [eager])

  return (
    <div ref={ref} className={['recommendation-slot', className].filter(Boolean).join(' ')}>
      {visible ? (
        <Suspense fallback={null}>
          <RecommendationLists request={request} headingLevel={headingLevel} />
        </Suspense>
      ) : null}
    </div>
  )
}
