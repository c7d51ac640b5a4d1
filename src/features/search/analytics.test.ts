import { describe, expect, it } from 'vitest'
import type { Product, ProductGroup } from '../../shared/search-api'
import { analyticsItem } from '../events/listeners'
import { recordSearchClick, recordSearchPage } from './analytics'

const product = (key: string, selling: number, list: number): Product =>
  ({
    key,
    title: `Mekko ${key}`,
    brand: 'Lumo Studio',
    link: `/fi/p/mekko-${key}`,
    ticket: `t-${key}`,
    inStock: true,
    sellingPrice: { min: selling, max: selling },
    listPrice: { min: list, max: list },
    variants: [],
    badges: { primary: [], secondary: [] },
    imageInfo: { thumbnail: '', images: [] },
    swatch: { colors: [] },
  }) as unknown as Product

describe('search page analytics', () => {
  it('records the search, then each shown product as an impression of the list "search: term"', () => {
    const actions: { payload: { type: string; payload: Record<string, unknown> } }[] = []
    const groups: ProductGroup[] = [
      { key: 'g1', remaining: 0, products: [product('A-1', 49.95, 79.95)] },
      { key: 'g2', remaining: 0, products: [] },
      { key: 'g3', remaining: 0, products: [product('B-2', 30, 30)] },
    ]
    recordSearchPage((action) => actions.push(action as never), 'mekko', groups, 25)
    expect(actions.map((action) => action.payload.type)).toEqual([
      'search',
      'product:impression',
      'product:impression',
    ])
    expect(actions[0]!.payload.payload).toEqual({ searchTerm: 'mekko' })
    const first = actions[1]!.payload.payload
    expect(first).toMatchObject({ listName: 'search: mekko', index: 25 })
    // the GA4 item the data layer gets: article number, brand, price and discount
    expect(analyticsItem(first.product)).toMatchObject({
      item_id: 'A-1',
      item_name: 'Mekko A-1',
      item_brand: 'Lumo Studio',
      price: 49.95,
      discount: 30,
    })
    expect(actions[2]!.payload.payload).toMatchObject({ index: 27 })
  })

  it('records a click as product:click at its position', () => {
    const actions: { payload: { type: string; payload: Record<string, unknown> } }[] = []
    recordSearchClick((action) => actions.push(action as never), 'takki', product('C-3', 99, 99), 3)
    expect(actions[0]!.payload).toMatchObject({
      type: 'product:click',
      payload: { listName: 'search: takki', index: 3 },
    })
  })
})
