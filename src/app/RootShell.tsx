/**
 * The outermost element of every page: runs the shop's browser behaviours (docs/product-rules.md#shop-wide-behaviour: viewport,
 * header hiding, connectivity, scroll rules, chunk-reload guard, store listeners) once for the
 * whole page, whatever the layout; keeps the head current after client navigations; and marks the
 * document once React has hydrated it (end-to-end tests wait for that mark). Also the installable
 * app's parts: the service worker, its "new version" toast and the install offer (AppUpdates),
 * and the QA console when the server enabled it.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { HeadUpdater } from './HeadUpdater'
import { useClientBehaviours } from './client/useClientBehaviours'
import { AppUpdates } from '../features/offline/AppUpdates'
import { useSite } from './site'

// Only QA pages load the panel; shoppers never download it.
const QaPanel = lazy(() => import('../features/qa/QaPanel'))

/** The QA console's panel, after hydration (the server renders none), when the server enabled it. */
function QaConsole() {
  const { qaConsole } = useSite()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  if (!qaConsole || !hydrated) return null
  return (
    <Suspense fallback={null}>
      <QaPanel />
    </Suspense>
  )
}

export function RootShell({ children }: { children: ReactNode }) {
  useClientBehaviours()
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <>
      <HeadUpdater />
      {children}
      <AppUpdates />
      <QaConsole />
    </>
  )
}
