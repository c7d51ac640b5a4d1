import { describe, expect, it } from 'vitest'
import { orderIdFromSearch, orderStatusMessage, trackingLinks } from './orders'
import { newestFirst } from './api'

describe('order statuses (docs/product-rules.md#orders-and-returns)', () => {
  it('names the four statuses and reads anything else as processing', () => {
    expect(orderStatusMessage('received')).toBe('account.order.status.received')
    expect(orderStatusMessage('processing')).toBe('account.order.status.processing')
    expect(orderStatusMessage('Completed')).toBe('account.order.status.completed')
    expect(orderStatusMessage('cancelled')).toBe('account.order.status.cancelled')
    expect(orderStatusMessage('pending')).toBe('account.order.status.processing')
  })
})

describe('tracking links', () => {
  it('keeps http(s) links only', () => {
    const order = {
      shippingDetails: [
        {
          id: 1,
          name: 'Posti',
          parcelNumber: 'JJFI123',
          shippingDate: null,
          trackingLink: 'https://posti.fi/t/JJFI123',
        },
        { id: 2, name: 'Evil', parcelNumber: null, shippingDate: null, trackingLink: 'javascript:alert(1)' },
        { id: 3, name: 'Broken', parcelNumber: null, shippingDate: null, trackingLink: 'not a url' },
        { id: 4, name: 'None', parcelNumber: null, shippingDate: null, trackingLink: null },
        null,
      ],
    }
    expect(trackingLinks(order)).toEqual([
      { name: 'Posti', parcelNumber: 'JJFI123', href: 'https://posti.fi/t/JJFI123' },
    ])
    expect(trackingLinks({ shippingDetails: null })).toEqual([])
  })
})

describe('the ?order= query', () => {
  it('gives a positive 32-bit id or null', () => {
    const id = (search: string) => orderIdFromSearch(new URLSearchParams(search))
    expect(id('order=42')).toBe(42)
    expect(id('')).toBeNull()
    expect(id('order=0')).toBeNull()
    expect(id('order=-1')).toBeNull()
    expect(id('order=4x')).toBeNull()
    expect(id('order=2147483648')).toBeNull()
  })
})

describe('newestFirst', () => {
  it('sorts by creation time, newest first, and drops empty entries', () => {
    const orders = [
      { id: 1, createdAt: '2026-01-01T10:00:00.000Z' },
      null,
      { id: 3, createdAt: '2026-03-01T10:00:00.000Z' },
      { id: 2, createdAt: '2026-02-01T10:00:00.000Z' },
    ]
    expect(newestFirst(orders).map((order) => order.id)).toEqual([3, 2, 1])
    expect(newestFirst(null)).toEqual([])
  })
})
