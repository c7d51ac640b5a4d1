/**
 * The cookie banner and settings (issue #13). On a shop with a tag manager it asks every shopper
 * without a stored choice: "Accept all", "Only necessary", or the categories one by one. It is a
 * non-modal dialog at the bottom on a first visit (the page stays usable; nothing optional runs
 * until a choice), and a modal dialog with its focus kept inside when the footer's "Cookie
 * settings" opens it again. Rendered only in the browser: the choice lives in a cookie the
 * shared page cache never sees.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useSite } from '../../app/site'
import { RouteLink } from '../../ui/RouteLink'
import { useFocusTrap } from '../../ui/focus-trap'
import { ALL_GRANTED, ONLY_NECESSARY, type ConsentChoice } from './consent'
import { consentChosen, consentSettingsClosed } from './slice'
import './consent.css'

function ConsentDialog({ modal, initial }: { modal: boolean; initial: ConsentChoice | null }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const titleId = useId()
  const introId = useId()
  const [statistics, setStatistics] = useState(initial?.statistics ?? false)
  const [marketing, setMarketing] = useState(initial?.marketing ?? false)
  const text = (id: string) => intl.formatMessage({ id })

  const choose = (choice: ConsentChoice) => dispatch(consentChosen(choice))
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    choose({ statistics, marketing })
  }

  const category = (
    name: 'necessary' | 'statistics' | 'marketing',
    checked: boolean,
    onChange?: (value: boolean) => void,
  ) => (
    <li className="consent__category">
      <label>
        <input
          type="checkbox"
          name={name}
          checked={checked}
          disabled={!onChange}
          aria-describedby={`${titleId}-${name}`}
          onChange={(event) => onChange?.(event.target.checked)}
        />{' '}
        <strong>{text(`consent.${name}`)}</strong>
      </label>
      <p id={`${titleId}-${name}`} className="consent__description">
        {text(`consent.${name}.description`)}
      </p>
    </li>
  )

  return (
    <form className="consent__form" onSubmit={onSubmit}>
      <h2 id={titleId} className="consent__title">
        {text('consent.title')}
      </h2>
      <p id={introId}>{text('consent.intro')}</p>
      <ul className="plain-list consent__categories" role="list">
        {category('necessary', true)}
        {category('statistics', statistics, setStatistics)}
        {category('marketing', marketing, setMarketing)}
      </ul>
      <p>
        <RouteLink to="privacy" onClick={() => modal && dispatch(consentSettingsClosed())}>
          {text('consent.privacyLink')}
        </RouteLink>
      </p>
      <div className="consent__actions">
        <button type="button" className="button button--secondary" onClick={() => choose(ONLY_NECESSARY)}>
          {text('consent.onlyNecessary')}
        </button>
        <button type="submit" className="button button--secondary">
          {text('consent.save')}
        </button>
        <button type="button" className="button" onClick={() => choose(ALL_GRANTED)}>
          {text('consent.acceptAll')}
        </button>
      </div>
    </form>
  )
}

/** The settings opened from the footer: modal, Escape or the backdrop closes without a change. */
function ConsentSettings({ initial }: { initial: ConsentChoice | null }) {
  const dispatch = useAppDispatch()
  const dialog = useRef<HTMLDivElement>(null)
  const trapTab = useFocusTrap(dialog, 'consent__none')
  const close = () => dispatch(consentSettingsClosed())
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
      return
    }
    trapTab(event)
  }
  return (
    <div
      className="modal-backdrop consent-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && close()}
    >
      <DialogFrame ref={dialog} modal onKeyDown={onKeyDown}>
        <ConsentDialog modal initial={initial} />
      </DialogFrame>
    </div>
  )
}

function DialogFrame({
  ref,
  modal,
  onKeyDown,
  children,
}: {
  ref?: Ref<HTMLDivElement>
  modal: boolean
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void
  children: ReactNode
}) {
  const intl = useIntl()
  return (
    <div
      ref={ref}
      className={`consent ${modal ? 'consent--modal' : 'consent--banner'}`}
      role="dialog"
      aria-modal={modal}
      aria-label={intl.formatMessage({ id: 'consent.title' })}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  )
}

export function ConsentBanner() {
  const { tagManager } = useSite()
  const choice = useAppSelector((state) => state.consent.choice)
  const settingsOpen = useAppSelector((state) => state.consent.settingsOpen)
  // the choice is the browser's (a cookie): nothing of this is in the server's markup
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  if (!mounted) return null
  if (settingsOpen) return <ConsentSettings initial={choice} />
  // a shop without a tag manager has nothing optional to ask about
  if (choice !== null || !tagManager) return null
  return (
    <DialogFrame modal={false}>
      <ConsentDialog modal={false} initial={null} />
    </DialogFrame>
  )
}
