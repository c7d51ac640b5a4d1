/**
 * The QA console's panel (only on pages the server enabled it for, ADR 0037): exports the page's
 * state as a file — sanitised, with the page's address — and imports such a file, so a reported
 * problem renders as the shopper saw it. An import loads the snapshot's page as a document first
 * (its data from the server, as the shopper's was) and then lays the snapshot's state over the
 * store once the page is up. See docs/qa.md.
 */
import { useEffect, useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppStore } from '../../app/hooks'
import { createSnapshot, parseSnapshot, PENDING_IMPORT_KEY, qaSnapshotImported } from './snapshot'
import './qa-panel.css'

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}

function fileName(now: Date): string {
  return `lumo-qa-${now.toISOString().replace(/[:.]/g, '-')}.json`
}

/** A snapshot left by an import on the previous page, taken (once) from session storage. */
function takePendingImport() {
  try {
    const text = window.sessionStorage.getItem(PENDING_IMPORT_KEY)
    if (text === null) return null
    window.sessionStorage.removeItem(PENDING_IMPORT_KEY)
    return parseSnapshot(text)
  } catch {
    return null
  }
}

export default function QaPanel() {
  const intl = useIntl()
  const store = useAppStore()
  const dispatch = useAppDispatch()
  const inputId = useId()
  const [open, setOpen] = useState(true)
  const [status, setStatus] = useState<string | null>(null)

  useEffect(() => {
    const pending = takePendingImport()
    if (!pending) return
    dispatch(qaSnapshotImported(pending.state))
    setStatus(intl.formatMessage({ id: 'qa.panel.imported' }, { path: pending.url }))
  }, [dispatch, intl])

  if (!open) {
    return (
      <button type="button" className="qa-panel__toggle" onClick={() => setOpen(true)}>
        {intl.formatMessage({ id: 'qa.panel.show' })}
      </button>
    )
  }

  return (
    <section className="qa-panel" aria-label={intl.formatMessage({ id: 'qa.panel.title' })}>
      <h2 className="qa-panel__title">{intl.formatMessage({ id: 'qa.panel.title' })}</h2>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          const now = new Date()
          const snapshot = createSnapshot(store.getState(), window.location, now)
          download(fileName(now), JSON.stringify(snapshot, null, 2))
        }}
      >
        {intl.formatMessage({ id: 'qa.panel.export' })}
      </button>
      <label htmlFor={inputId} className="qa-panel__import">
        {intl.formatMessage({ id: 'qa.panel.import' })}
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        onChange={async (event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (!file) return
          const snapshot = parseSnapshot(await file.text())
          if (!snapshot) {
            setStatus(intl.formatMessage({ id: 'qa.panel.invalidFile' }))
            return
          }
          window.sessionStorage.setItem(PENDING_IMPORT_KEY, JSON.stringify(snapshot))
          window.location.assign(snapshot.url)
        }}
      />
      <p className="qa-panel__status" role="status">
        {status}
      </p>
      <button type="button" className="qa-panel__hide" onClick={() => setOpen(false)}>
        {intl.formatMessage({ id: 'qa.panel.hide' })}
      </button>
    </section>
  )
}
