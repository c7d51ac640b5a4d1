import { describe, expect, it } from 'vitest'
import { isAccountRoute, nextHeaderHidden, scrollTargetFor } from './scroll-rules'

const change = { fromRoute: 'home', toRoute: 'product', isPop: false, hash: '', pathChanged: true }

describe('scroll rules between routes', () => {
  it('scrolls to the top on a route change', () => {
    expect(scrollTargetFor(change)).toEqual({ kind: 'top' })
  })

  it('keeps the position between account pages', () => {
    expect(scrollTargetFor({ ...change, fromRoute: 'account-orders', toRoute: 'account-settings' })).toEqual({
      kind: 'none',
    })
    expect(scrollTargetFor({ ...change, fromRoute: 'account', toRoute: 'account-balance' })).toEqual({
      kind: 'none',
    })
    expect(scrollTargetFor({ ...change, fromRoute: 'account-orders', toRoute: 'home' })).toEqual({
      kind: 'top',
    })
  })

  it('scrolls to a hash target (decoded)', () => {
    expect(scrollTargetFor({ ...change, hash: '#arvostelut' })).toEqual({ kind: 'hash', id: 'arvostelut' })
    expect(scrollTargetFor({ ...change, hash: '#koko%C3%A4', pathChanged: false })).toEqual({
      kind: 'hash',
      id: 'kokoä',
    })
  })

  it('leaves back/forward and same-path changes alone', () => {
    expect(scrollTargetFor({ ...change, isPop: true })).toEqual({ kind: 'none' })
    expect(scrollTargetFor({ ...change, pathChanged: false })).toEqual({ kind: 'none' })
  })

  it('knows the account routes', () => {
    expect(isAccountRoute('account')).toBe(true)
    expect(isAccountRoute('account-invoices')).toBe(true)
    expect(isAccountRoute('accounting')).toBe(false)
  })
})

describe('header hiding', () => {
  it('hides when scrolling down past the top padding and shows when scrolling up', () => {
    expect(nextHeaderHidden(0, 50, 80, false)).toBe(false)
    expect(nextHeaderHidden(50, 120, 80, false)).toBe(true)
    expect(nextHeaderHidden(120, 110, 80, true)).toBe(false)
    expect(nextHeaderHidden(300, 60, 80, true)).toBe(false)
    expect(nextHeaderHidden(120, 120, 80, true)).toBe(true)
  })
})
