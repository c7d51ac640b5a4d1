/**
 * The outermost element of every page: runs the shop's browser behaviours (spec §§2, 4: viewport,
 * header hiding, connectivity, scroll rules, chunk-reload guard, store listeners) once for the
 * whole page, whatever the layout; keeps the head current after client navigations; and marks the
 * document once React has hydrated it (end-to-end tests wait for that mark). Also the installable
 * app's parts: the service worker, its "new version" toast and the install offer (AppUpdates),
 * and the QA console when the server enabled it.
 */
import { useEffect, type ReactNode } from 'react'
import { HeadUpdater } from './head'
import { useClientBehaviours } from './client/useClientBehaviours'
import { AppUpdates } from '../features/offline/AppUpdates'

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
    </>
  )
}
