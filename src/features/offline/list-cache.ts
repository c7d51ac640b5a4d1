/**
 * Product lists the shopper has seen, kept in memory for this page's life, so that filtering,
 * sorting and "load more" on a list still answer while offline — from the products already
 * loaded. Online, the list's loader asks the API as always and this is not used.
 *
 * What can be decided from a product card: brand, price range and discount band, and the sorts
 * by price; the cached order stands for the others. Categories, sizes, colours and campaigns are
 * not on a card: those filters wait for the network (`unsupportedFilters`).
 */
import type { ListSelection, ListSort } from '../../lib/list-url'
import { discountBandOf } from '../../shared/discount-bands'
import { priceRangeOf } from '../../lib/list-selection'
import type { ListProduct } from '../../ui/product-card-data'
import type { ListPageData } from '../list/query'

/** The lists kept (by path); the oldest goes first. */
export const REMEMBERED_LISTS = 20

const remembered = new Map<string, ListPageData[]>()

/** Keeps a list page's answer (not one made from the cache itself). */
export function rememberList(pathname: string, data: ListPageData) {
  if (data.offline) return
  const pages = remembered.get(pathname) ?? []
  remembered.delete(pathname)
  remembered.set(pathname, [...pages.filter((page) => page !== data), data].slice(-8))
  while (remembered.size > REMEMBERED_LISTS) {
    const oldest = remembered.keys().next().value
    if (oldest === undefined) break
    remembered.delete(oldest)
  }
}

export function forgetLists() {
  remembered.clear()
}

export function hasRememberedList(pathname: string): boolean {
  return remembered.has(pathname)
}

function sellingPrice(product: ListProduct): number {
  return product.unitPrice?.sellingPriceIncVat ?? 0
}

function discountOf(product: ListProduct): number {
  return product.unitPrice?.discountPercentage ?? 0
}

/** The filters in a selection a product card cannot answer. */
export function unsupportedFilters(selection: ListSelection): string[] {
  const unsupported: string[] = []
  if (selection.categories.length > 0) unsupported.push('categories')
  if (selection.skus.length > 0) unsupported.push('skus')
  if (selection.campaigns.length > 0) unsupported.push('campaigns')
  if (Object.values(selection.parameters).some((values) => values.length > 0)) unsupported.push('parameters')
  return unsupported
}

/** Whether a card matches the selection's brand, price and discount filters. */
export function matchesSelection(product: ListProduct, selection: ListSelection): boolean {
  if (selection.brands.length > 0) {
    const brandId = product.brand?.brandId
    if (brandId === undefined || !selection.brands.some((value) => value.id === `b_${brandId}`)) return false
  }
  const range = priceRangeOf(selection)
  if (range) {
    const price = sellingPrice(product)
    if (range.lowest !== null && price < range.lowest) return false
    if (range.highest !== null && price > range.highest) return false
  }
  if (selection.discount.length > 0) {
    const band = product.unitPrice?.isDiscounted ? discountBandOf(discountOf(product)) : undefined
    const bandId = band ? `di_${band[0]}-${band[1]}` : undefined
    if (!selection.discount.some((value) => value.id === bandId)) return false
  }
  return true
}

function sorted(products: ListProduct[], sort: ListSort): ListProduct[] {
  if (sort === 'PRICE') return [...products].sort((a, b) => sellingPrice(a) - sellingPrice(b))
  if (sort === 'PRICE_DESC') return [...products].sort((a, b) => sellingPrice(b) - sellingPrice(a))
  return products
}

/**
 * The list page for a selection, made from the remembered answers for this path: every product
 * seen on it once (in the order first seen), filtered and sorted as far as cards allow, all on
 * one page. Null when nothing of this list was seen.
 */
export function listFromCache(pathname: string, selection: ListSelection): ListPageData | null {
  const pages = remembered.get(pathname)
  if (!pages || pages.length === 0) return null
  const seen = new Map<number, ListProduct>()
  for (const page of pages)
    for (const product of page.products)
      if (!seen.has(product.productId)) seen.set(product.productId, product)
  // the facets and list info of the least filtered answer describe the whole list best
  const base = pages.find((page) => !hasAnyFilter(page.selection)) ?? pages[pages.length - 1]!
  const sort = selection.sort ?? base.defaultSort
  const products = sorted(
    [...seen.values()].filter((product) => matchesSelection(product, selection)),
    sort,
  )
  return {
    ...base,
    selection,
    products,
    count: products.length,
    firstPage: 1,
    pageSize: Math.max(base.pageSize, products.length),
    offline: { unsupportedFilters: unsupportedFilters(selection) },
  }
}

function hasAnyFilter(selection: ListSelection): boolean {
  return (
    selection.categories.length +
      selection.brands.length +
      selection.skus.length +
      selection.campaigns.length +
      selection.price.length +
      selection.discount.length +
      Object.values(selection.parameters).flat().length >
    0
  )
}
