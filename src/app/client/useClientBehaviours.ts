/**
 * The browser-only behaviours of the shop (docs/product-rules.md#shop-wide-behaviour), mounted once by the layouts: viewport
 * width, header hiding on scroll, connectivity, scroll rules between routes, the loading bar's
 * end, the chunk-load reload guard, and the store's listeners (cookies, cross-tab sync, data
 * layer). Nothing here runs on the server: effects only run in the browser.
 */
import { useEffect, useRef } from 'react'
import { useLocation, useNavigation, useNavigationType } from 'react-router'
import { useAppDispatch, useAppSelector, useAppStore } from '../hooks'
import { headerHiddenSet, onlineSet, scrollTopSet, viewportWidthSet } from '../global-slice'
import { delayedLoadingFinished, delayedLoadingStarted, loadingFinished } from '../../features/loading/slice'
import { installChunkReloadGuard } from './chunk-reload'
import { registerClientListeners } from './listeners'
import { useOptionalGetApollo } from '../apollo-access'
import { useOptionalSite } from '../site'
import { nextHeaderHidden, scrollTargetFor } from './scroll-rules'

/** Resize and scroll fire many times a second; the store needs to know a few times a second. */
export const RESIZE_THROTTLE_MS = 100
export const SCROLL_THROTTLE_MS = 100

export interface ClientBehaviourOptions {
  /** the main layout element whose top padding the header hides past */
  mainElement?: () => HTMLElement | null
}

const defaultMain = () => document.querySelector<HTMLElement>('main')

/** Calls `fn` at most once per `ms`, always with the latest call last (trailing edge). */
export function throttle(fn: () => void, ms: number): { run: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null
  let last = -Infinity
  const fire = () => {
    timer = null
    last = Date.now()
    fn()
  }
  return {
    run: () => {
      if (timer !== null) return
      const wait = Math.max(0, last + ms - Date.now())
      if (wait === 0) fire()
      else timer = setTimeout(fire, wait)
    },
    cancel: () => {
      if (timer !== null) clearTimeout(timer)
      timer = null
    },
  }
}

function topPadding(element: HTMLElement | null): number {
  if (!element) return 0
  const value = Number.parseFloat(getComputedStyle(element).paddingTop)
  return Number.isFinite(value) ? value : 0
}

function useStoreListeners() {
  const store = useAppStore()
  const getApollo = useOptionalGetApollo()
  const tagManager = useOptionalSite()?.tagManager ?? null
  useEffect(() => registerClientListeners(store, getApollo, { tagManager }), [store, getApollo, tagManager])
}

function useViewportWidth() {
  const dispatch = useAppDispatch()
  useEffect(() => {
    const measure = () => dispatch(viewportWidthSet(window.innerWidth))
    measure()
    const throttled = throttle(measure, RESIZE_THROTTLE_MS)
    window.addEventListener('resize', throttled.run)
    return () => {
      window.removeEventListener('resize', throttled.run)
      throttled.cancel()
    }
  }, [dispatch])
}

function useScrollState(mainElement: () => HTMLElement | null) {
  const dispatch = useAppDispatch()
  const store = useAppStore()
  useEffect(() => {
    let previousY = window.scrollY
    // reading computed style on every scroll event would force style work; the padding only changes with the layout
    let threshold: number | null = null
    const onResize = () => {
      threshold = null
    }
    const recordTop = throttle(() => dispatch(scrollTopSet(window.scrollY)), SCROLL_THROTTLE_MS)
    const onScroll = () => {
      const y = window.scrollY
      const hidden = store.getState().global.headerHidden
      threshold ??= topPadding(mainElement())
      const next = nextHeaderHidden(previousY, y, threshold, hidden)
      previousY = y
      if (next !== hidden) dispatch(headerHiddenSet(next))
      recordTop.run()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onResize)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onResize)
      recordTop.cancel()
    }
  }, [dispatch, store, mainElement])
}

function useConnectivity() {
  const dispatch = useAppDispatch()
  useEffect(() => {
    const update = () => dispatch(onlineSet(navigator.onLine))
    update()
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [dispatch])
}

function useRouteScroll() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const routeName = useAppSelector((state) => state.global.currentRouteName)
  const previous = useRef<{ pathname: string; routeName: string } | null>(null)
  useEffect(() => {
    const before = previous.current
    previous.current = { pathname: location.pathname, routeName }
    const target = scrollTargetFor({
      fromRoute: before?.routeName ?? '',
      toRoute: routeName,
      isPop: navigationType === 'POP',
      hash: location.hash,
      // the first render keeps the browser's own position (reload, back from another site)
      pathChanged: before !== null && before.pathname !== location.pathname,
    })
    if (target.kind === 'hash') {
      document.getElementById(target.id)?.scrollIntoView()
    } else if (target.kind === 'top') {
      window.scrollTo(0, 0)
    }
    // route name follows the pathname (set by the loader before the location commits)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.hash, location.key])
}

function useLoadingEnd() {
  const dispatch = useAppDispatch()
  const navigation = useNavigation()
  const status = useAppSelector((state) => state.loading.status)
  useEffect(() => {
    if (navigation.state === 'idle' && status === 'loading') dispatch(loadingFinished())
  }, [navigation.state, status, dispatch])
  // docs/product-rules.md#shop-wide-behaviour's delayed indicator follows the navigation: it shows only when one outlasts its delay
  const navigating = navigation.state !== 'idle'
  useEffect(() => {
    dispatch(navigating ? delayedLoadingStarted() : delayedLoadingFinished())
  }, [navigating, dispatch])
}

function useChunkReloadGuard() {
  useEffect(() => installChunkReloadGuard(window), [])
}

export function useClientBehaviours(options: ClientBehaviourOptions = {}): void {
  const mainElement = options.mainElement ?? defaultMain
  const mainRef = useRef(mainElement)
  mainRef.current = mainElement
  const stableMain = useRef(() => mainRef.current()).current
  useStoreListeners()
  useViewportWidth()
  useScrollState(stableMain)
  useConnectivity()
  useRouteScroll()
  useLoadingEnd()
  useChunkReloadGuard()
}
