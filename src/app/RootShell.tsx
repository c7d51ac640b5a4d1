/**
 * The outermost element of every page: keeps the head current after client navigations and marks
 * the document once React has hydrated it (end-to-end tests wait for that mark).
 */
import { useEffect, type ReactNode } from 'react'
import { HeadUpdater } from './head'

export function RootShell({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <>
      <HeadUpdater />
      {children}
    </>
  )
}
