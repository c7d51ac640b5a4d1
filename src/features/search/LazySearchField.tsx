/**
 * The header's search field as a chunk of its own (DESIGN.md §8 first-load budget): pages of the
 * default layout load it before they render or hydrate (`preloadSearchField`, awaited by both
 * entries), so it renders at once with no Suspense fallback and no hydration gap; the checkout's
 * layout has no search and never downloads it.
 */
import { lazy, Suspense, type ComponentType } from 'react'
// the field's styles go with the first load (the chunk's own CSS would arrive after first paint)
import './search.css'

type SearchFieldModule = typeof import('./SearchField')

let loaded: SearchFieldModule | null = null

export function preloadSearchField(): Promise<void> {
  return import('./SearchField').then((module) => {
    loaded = module
  })
}

/**
 * React.lazy resolves synchronously when its thenable calls back synchronously: once preloaded,
 * the first render (server or hydration) does not suspend.
 */
const SearchFieldComponent = lazy(() => {
  if (loaded) {
    const module = { default: loaded.SearchField }
    return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<{
      default: ComponentType
    }>
  }
  return import('./SearchField').then((module) => ({ default: module.SearchField }))
})

export function LazySearchField() {
  return (
    // only a client navigation from the checkout into the shop can get here before the chunk
    <Suspense fallback={<div className="site-search" />}>
      <SearchFieldComponent />
    </Suspense>
  )
}
