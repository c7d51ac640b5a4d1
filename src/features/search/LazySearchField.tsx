/**
 * The header's search field as a chunk of its own (docs/quality-bars.md#first-load-javascript). Pages render
 * and hydrate a plain field with the same markup (role, label, placeholder, submit); the
 * combobox's code loads at the shopper's first sign of interest in it (pointing at it, touching
 * it, focusing it) and takes its place, with what was typed meanwhile and the focus. A page whose
 * search is never approached never downloads it; the checkout's layout has no search at all.
 */
import { useId, useRef, useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useSite } from '../../app/site'
import { hrefFor, routerPath } from '../../ui/RouteLink'
import type { SearchFieldStart } from './SearchField'
import { SearchHint, SearchSubmitButton } from './SearchFieldParts'
// the field's styles go with the first load (the chunk's own CSS would arrive after first paint)
import './search.css'

type SearchFieldModule = typeof import('./SearchField')

let loaded: SearchFieldModule | null = null
let loading: Promise<SearchFieldModule> | null = null

export function preloadSearchField(): Promise<SearchFieldModule> {
  loading ??= import('./SearchField').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // offline, say: the next sign of interest tries again
      loading = null
      throw error
    },
  )
  return loading
}

/** Until the combobox arrives: the same form, which searches on submit. */
function PlainSearchField({ onInterest }: { onInterest: (input: HTMLInputElement | null) => void }) {
  const intl = useIntl()
  const site = useSite()
  const navigate = useNavigate()
  const ids = useId()
  const input = useRef<HTMLInputElement>(null)
  const interest = () => onInterest(input.current)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const q = input.current?.value.trim() ?? ''
    if (q) void navigate(routerPath(hrefFor(site, 'search', { search: q }), site.basename))
  }

  return (
    <form
      role="search"
      className="site-search"
      onSubmit={onSubmit}
      onFocus={interest}
      onPointerEnter={interest}
      onTouchStart={interest}
    >
      <label htmlFor={`${ids}-input`} className="visually-hidden">
        {intl.formatMessage({ id: 'search.label' })}
      </label>
      <input
        ref={input}
        id={`${ids}-input`}
        className="site-search__input"
        type="search"
        name="q"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={false}
        aria-controls={`${ids}-listbox`}
        aria-describedby={`${ids}-hint`}
        placeholder={intl.formatMessage({ id: 'search.placeholder' })}
        defaultValue=""
      />
      <SearchSubmitButton />
      <SearchHint id={`${ids}-hint`} />
      <div className="site-search__popup" hidden>
        <ul
          id={`${ids}-listbox`}
          role="listbox"
          aria-label={intl.formatMessage({ id: 'search.suggestions' })}
        />
      </div>
      <div role="status" className="visually-hidden" />
    </form>
  )
}

export function LazySearchField() {
  const [module, setModule] = useState<SearchFieldModule | null>(loaded)
  const plainInput = useRef<HTMLInputElement | null>(null)
  const start = useRef<SearchFieldStart | undefined>(undefined)
  const interested = useRef(false)

  const onInterest = (input: HTMLInputElement | null) => {
    if (interested.current) return
    interested.current = true
    plainInput.current = input
    preloadSearchField().then(
      (arrived) => setModule(() => arrived),
      () => {
        interested.current = false
      },
    )
  }

  if (!module) return <PlainSearchField onInterest={onInterest} />
  // What the plain field holds when the combobox replaces it is where the combobox starts. Read in
  // the render that swaps them, not when the chunk arrived: text typed in between would be lost.
  const input = plainInput.current
  if (input && !start.current) {
    start.current = { query: input.value, focused: document.activeElement === input }
  }
  return <module.SearchField start={start.current} />
}
