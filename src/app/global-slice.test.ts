import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { makeStore } from './store'
import {
  changeCustomerType,
  customerTypeSet,
  favoriteAdded,
  favoritesCleared,
  favoritesSet,
  FAVORITES_CAP,
  globalReducer,
  initialGlobalState,
  isAncientBrowser,
  isDesktopDevice,
  normaliseFavorites,
  selectIsComputer,
  selectIsFavorite,
  selectSiteIsAtTop,
  selectViewportClass,
  toggleFavorite,
  viewportWidthSet,
  scrollTopSet,
} from './global-slice'

const withWidth = (width: number) => ({ global: globalReducer(initialGlobalState, viewportWidthSet(width)) })

describe('viewport class', () => {
  it.each([
    [0, 'phone'],
    [767, 'phone'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'laptop'],
    [1279, 'laptop'],
    [1280, 'desktop'],
    [1535, 'desktop'],
    [1536, 'desktopBig'],
    [2560, 'desktopBig'],
  ] as const)('%i px is %s', (width, expected) => {
    expect(selectViewportClass(withWidth(width))).toBe(expected)
  })

  it('computer view starts at 1024 px', () => {
    expect(selectIsComputer(withWidth(1023))).toBe(false)
    expect(selectIsComputer(withWidth(1024))).toBe(true)
  })
})

describe('site is at top', () => {
  it('holds while scroll is at or below the threshold', () => {
    const threshold = initialGlobalState.config.siteTopThreshold
    const at = (y: number) => ({ global: globalReducer(initialGlobalState, scrollTopSet(y)) })
    expect(selectSiteIsAtTop(at(0))).toBe(true)
    expect(selectSiteIsAtTop(at(threshold))).toBe(true)
    expect(selectSiteIsAtTop(at(threshold + 1))).toBe(false)
  })
})

describe('customer type', () => {
  it('picks the configured entry and sets VAT display from it', () => {
    const organisation = globalReducer(initialGlobalState, customerTypeSet('ORGANIZATION'))
    expect(organisation.customerType).toBe('ORGANIZATION')
    expect(organisation.vatIncluded).toBe(false)
    const student = globalReducer(organisation, customerTypeSet('STUDENT'))
    expect(student.vatIncluded).toBe(true)
  })

  it('ignores a type that is not configured', () => {
    expect(globalReducer(initialGlobalState, customerTypeSet('PIRATE'))).toEqual(initialGlobalState)
  })

  it('emits customer-type:change when it changes', () => {
    const store = makeStore(undefined, { devTools: false })
    expect(store.dispatch(changeCustomerType('ORGANIZATION'))).toBe(true)
    expect(store.getState().events.queue).toEqual([
      { id: 1, type: 'customer-type:change', payload: { customerType: 'ORGANIZATION', vatIncluded: false } },
    ])
    expect(store.dispatch(changeCustomerType('NOPE'))).toBe(false)
    expect(store.getState().events.queue).toHaveLength(1)
  })
})

describe('favourites', () => {
  it('turns numeric-looking ids into numbers and removes duplicates', () => {
    expect(normaliseFavorites(['12', 12, ' 7 ', 'abc', 'abc', '', '0012'])).toEqual([12, 7, 'abc'])
  })

  it('caps the list at 1000 entries', () => {
    const ids = Array.from({ length: 1500 }, (_, i) => String(i))
    const favorites = normaliseFavorites(ids)
    expect(favorites).toHaveLength(FAVORITES_CAP)
    expect(favorites[0]).toBe(0)
  })

  it('never holds duplicates or more than the cap, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 50 }), fc.string({ maxLength: 3 })), { maxLength: 1200 }),
        (ids) => {
          const result = normaliseFavorites(ids)
          expect(new Set(result).size).toBe(result.length)
          expect(result.length).toBeLessThanOrEqual(FAVORITES_CAP)
        },
      ),
    )
  })

  it('adds newest first so the cap drops the oldest', () => {
    const full = globalReducer(
      initialGlobalState,
      favoritesSet(Array.from({ length: FAVORITES_CAP }, (_, i) => i)),
    )
    const next = globalReducer(full, favoriteAdded({ productId: 'new' }))
    expect(next.favorites[0]).toBe('new')
    expect(next.favorites).toHaveLength(FAVORITES_CAP)
    expect(next.favorites).not.toContain(FAVORITES_CAP - 1)
  })

  it('toggles and emits favorite:add / favorite:remove with id and product', () => {
    const store = makeStore(undefined, { devTools: false })
    const product = { name: 'Dress' }
    expect(store.dispatch(toggleFavorite('42', product))).toBe('added')
    expect(selectIsFavorite(store.getState(), 42)).toBe(true)
    expect(store.dispatch(toggleFavorite(42))).toBe('removed')
    expect(store.getState().global.favorites).toEqual([])
    expect(store.getState().events.queue.map((event) => [event.type, event.payload])).toEqual([
      ['favorite:add', { productId: '42', product }],
      ['favorite:remove', { productId: 42 }],
    ])
  })

  it('clearing empties the list', () => {
    const state = globalReducer(globalReducer(initialGlobalState, favoritesSet([1, 2])), favoritesCleared())
    expect(state.favorites).toEqual([])
  })
})

describe('user agent rules', () => {
  it('flags only Internet Explorer as ancient', () => {
    expect(isAncientBrowser('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko')).toBe(true)
    expect(isAncientBrowser('Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)')).toBe(true)
    expect(
      isAncientBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
      ),
    ).toBe(false)
  })

  it('tells desktop devices from phones and tablets', () => {
    expect(
      isDesktopDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36'),
    ).toBe(true)
    expect(isDesktopDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(
      false,
    )
    expect(isDesktopDevice('Mozilla/5.0 (Linux; Android 11; moto g power) Mobile Safari/537.36')).toBe(false)
    expect(isDesktopDevice('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)')).toBe(false)
    expect(isDesktopDevice('')).toBe(false)
  })
})
