/**
 * The installable app's moments: registers the service worker (/sw.js, scope /), offers the new
 * version when one waits ("new version" toast; choosing reload tells the worker to take over,
 * then the page reloads under it), and shows an install button where the browser offers one
 * (`beforeinstallprompt`; iOS has none and reads the apple-* head tags instead).
 * The registration uses the browser's API directly (./service-worker.ts).
 */
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppStore } from '../../app/hooks'
import { snackbarActionChosen, snackbarShown } from '../snackbar/slice'
import { registerServiceWorker, takeOver } from './service-worker'
import './offline.css'

/** The toast action that takes the new version. */
export const UPDATE_ACTION = 'update-app'

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

function useServiceWorker() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const store = useAppStore()
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
    const container = navigator.serviceWorker
    let stopListening: (() => void) | undefined
    let cancelled = false
    const offer = (waiting: ServiceWorker) => {
      if (cancelled) return
      stopListening?.()
      dispatch(
        snackbarShown({
          message: intl.formatMessage({ id: 'update.available' }),
          action: { label: intl.formatMessage({ id: 'update.reload' }), name: UPDATE_ACTION },
          timeoutMs: 0,
        }),
      )
      stopListening = store.startListening({
        actionCreator: snackbarActionChosen,
        effect: (action) => {
          if (action.payload.name === UPDATE_ACTION)
            takeOver(container, waiting, () => window.location.reload())
        },
      })
    }
    // service worker failures never matter to the page (docs/product-rules.md#offline-and-pwa)
    registerServiceWorker(container, offer).catch(() => undefined)
    return () => {
      cancelled = true
      stopListening?.()
    }
  }, [intl, dispatch, store])
}

function InstallButton() {
  const intl = useIntl()
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null)
  useEffect(() => {
    const offered = (event: Event) => {
      // keep the browser's own mini-bar away; the shop shows its button instead
      event.preventDefault()
      setOffer(event as BeforeInstallPromptEvent)
    }
    const installed = () => setOffer(null)
    window.addEventListener('beforeinstallprompt', offered)
    window.addEventListener('appinstalled', installed)
    return () => {
      window.removeEventListener('beforeinstallprompt', offered)
      window.removeEventListener('appinstalled', installed)
    }
  }, [])
  if (!offer) return null
  return (
    <button
      type="button"
      className="install-button button button--secondary"
      onClick={() => {
        void offer.prompt()
        // a prompt can be shown once; whatever the answer, the button has done its work
        void offer.userChoice.finally(() => setOffer(null))
      }}
    >
      {intl.formatMessage({ id: 'install.button' })}
    </button>
  )
}

export function AppUpdates() {
  useServiceWorker()
  return <InstallButton />
}
