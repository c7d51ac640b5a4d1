/**
 * The header's search (issue #12 item 5): a `role="search"` form whose field is an ARIA 1.2
 * combobox with a listbox popup of recent and trending searches (empty field), phrase
 * suggestions, categories and brands, and products with image and price. The rules live in
 * combobox-state.ts; requests are debounced and a newer one cancels the older (debounced-fetch.ts).
 *
 * Kept light for the first load (docs/quality-bars.md#first-load-javascript): the field, its state and the empty popup are
 * here; the service client and the options' rendering load on the first focus.
 */
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  type Dispatch,
  type FormEvent,
  type KeyboardEvent,
} from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useSite } from '../../app/site'
import { hrefFor, routerPath } from '../../ui/RouteLink'
import {
  activeOption,
  comboboxReducer,
  flatOptions,
  initialComboboxState,
  type ComboboxAction,
  type SuggestionOption,
} from './combobox-state'
import type { AutocompleteSession } from './autocomplete-session'
import { SearchHint, SearchSubmitButton } from './SearchFieldParts'

const SuggestionList = lazy(() => import('./SuggestionList'))

/** How long the shopper may pause between keys before the service is asked. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 120

/** Where the field starts when it replaces the plain one (LazySearchField.tsx): its text and focus. */
export interface SearchFieldStart {
  query: string
  focused: boolean
}

/** The client and its debouncer, loaded once on the shopper's first focus and disposed with the field. */
function useAutocompleteSession(dispatch: Dispatch<ComboboxAction>): () => Promise<AutocompleteSession> {
  const site = useSite()
  const session = useRef<Promise<AutocompleteSession> | null>(null)
  useEffect(() => () => void session.current?.then((loaded) => loaded.dispose()), [])
  return () => {
    session.current ??= import('./autocomplete-session').then(({ createAutocompleteSession }) =>
      createAutocompleteSession({
        site,
        delayMs: AUTOCOMPLETE_DEBOUNCE_MS,
        onAnswer: (query, groups, totalHits) => dispatch({ type: 'answered', query, groups, totalHits }),
      }),
    )
    return session.current
  }
}

/** Going to the search page for a phrase, or to a suggestion's own page. */
function useSearchNavigation(
  dispatch: Dispatch<ComboboxAction>,
  autocomplete: () => Promise<AutocompleteSession>,
) {
  const site = useSite()
  const navigate = useNavigate()
  function go(term: string, origin: 'ORGANIC' | 'PHRASE_SUGGEST' | 'RECENT_SEARCH') {
    const q = term.trim()
    if (!q) return
    dispatch({ type: 'closed' })
    const href = hrefFor(site, 'search', { search: q })
    void navigate(`${routerPath(href, site.basename)}${origin === 'ORGANIC' ? '' : `?origin=${origin}`}`)
  }

  function choose(option: SuggestionOption) {
    if (option.q !== undefined) {
      go(option.q, option.kind === 'recent' ? 'RECENT_SEARCH' : 'PHRASE_SUGGEST')
      return
    }
    if (!option.link) return
    if (option.ticket) void autocomplete().then((loaded) => loaded.notifyClick(option.ticket!))
    dispatch({ type: 'closed' })
    const inside = routerPath(option.link, site.basename)
    if (inside !== option.link || site.basename === '') void navigate(inside)
    else window.location.assign(option.link)
  }
  return { go, choose }
}

export function SearchField({ start }: { start?: SearchFieldStart | undefined } = {}) {
  const intl = useIntl()
  const [state, dispatch] = useReducer(comboboxReducer, start?.query ?? '', (query) => ({
    ...initialComboboxState,
    query,
  }))
  const ids = useId()
  const inputId = `${ids}-input`
  const listboxId = `${ids}-listbox`
  const optionId = (option: SuggestionOption) => `${ids}-option-${option.id}`
  const formRef = useRef<HTMLFormElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const options = flatOptions(state)
  const active = activeOption(state)
  const expanded = state.open && options.length > 0

  const autocomplete = useAutocompleteSession(dispatch)
  const { go, choose } = useSearchNavigation(dispatch, autocomplete)

  // taking over from the plain field the shopper is in: the focus (which opens the popup for the
  // text typed so far) and the caret at the end, before the next key arrives
  useLayoutEffect(() => {
    const input = inputRef.current
    if (!start?.focused || !input) return
    input.focus()
    input.setSelectionRange(input.value.length, input.value.length)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  function ask(query: string) {
    void autocomplete().then((loaded) => loaded.request(query))
  }

  function removeRecent(q: string) {
    dispatch({ type: 'recentRemoved', q })
    void autocomplete().then((loaded) => loaded.removeRecent(q))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault()
        if (!state.open) ask(state.query)
        dispatch({ type: 'key', key: event.key })
        return
      case 'Escape':
        if (state.open || state.query) event.preventDefault()
        dispatch({ type: 'key', key: 'Escape' })
        return
      case 'Enter':
        if (active) {
          event.preventDefault()
          choose(active)
        }
        return
      case 'Delete':
        if (active?.kind === 'recent' && active.q !== undefined) {
          event.preventDefault()
          removeRecent(active.q)
        }
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    go(state.query, 'ORGANIC')
  }

  const announcement =
    state.open && state.answeredQuery === state.query
      ? intl.formatMessage(
          { id: state.query.trim() ? 'search.announce.results' : 'search.announce.suggestions' },
          { suggestions: options.length, products: state.totalHits },
        )
      : ''

  return (
    <form
      ref={formRef}
      role="search"
      className="site-search"
      onSubmit={onSubmit}
      onBlur={(event) => {
        // leaving the whole search (not moving inside it) closes the popup
        if (!formRef.current?.contains(event.relatedTarget as Node | null)) dispatch({ type: 'closed' })
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {intl.formatMessage({ id: 'search.label' })}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="site-search__input"
        type="search"
        name="q"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={active && expanded ? optionId(active) : undefined}
        aria-describedby={`${ids}-hint`}
        placeholder={intl.formatMessage({ id: 'search.placeholder' })}
        value={state.query}
        onChange={(event) => {
          dispatch({ type: 'typed', query: event.target.value })
          ask(event.target.value)
        }}
        onFocus={() => {
          dispatch({ type: 'focused' })
          ask(state.query)
        }}
        onKeyDown={onKeyDown}
      />
      <SearchSubmitButton />
      <SearchHint id={`${ids}-hint`} />
      <div className="site-search__popup" hidden={!expanded}>
        <ul id={listboxId} role="listbox" aria-label={intl.formatMessage({ id: 'search.suggestions' })}>
          {expanded ? (
            <Suspense fallback={null}>
              <SuggestionList
                groups={state.groups}
                activeId={active?.id ?? null}
                optionId={optionId}
                onChoose={choose}
                onHover={(option) =>
                  dispatch({ type: 'optionHovered', index: options.findIndex((o) => o.id === option.id) })
                }
                onRemoveRecent={removeRecent}
              />
            </Suspense>
          ) : null}
        </ul>
      </div>
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
    </form>
  )
}
