import { describe, expect, it } from 'vitest'
import type { GraphQLContext } from '../context'
import { parameterGroups, productResolvers } from './products'

/** Calls a resolver the way GraphQL does, with a context no catalogue product would need. */
function resolve(
  type: 'ProductType' | 'SkuType' | 'RelatedProductType',
  field: string,
  parent: Record<string, unknown>,
): unknown {
  const resolvers: Record<string, unknown> = { ...productResolvers[type] }
  const resolver = resolvers[field]
  if (typeof resolver !== 'function') throw new Error(`no resolver ${type}.${field}`)
  return resolver(parent, {}, {} as GraphQLContext, {})
}

describe('product relation resolvers on objects other areas build', () => {
  // The cart presents its line's product itself, with some relations already filled in.
  const cartProduct = {
    productId: 1,
    skus: [{ skuId: 101, name: '34', stock: { inStock: 2, oversellable: 0, static: 0, totalStock: 2 } }],
    productImages: [{ fileName: 'a.svg', tags: [] }],
    totalStock: { inStock: 0, oversellable: 3, static: 0, totalStock: 3 },
  }

  it('returns the object’s own relation fields instead of loading them', () => {
    expect(resolve('ProductType', 'skus', cartProduct)).toBe(cartProduct.skus)
    expect(resolve('ProductType', 'productImages', cartProduct)).toBe(cartProduct.productImages)
    expect(resolve('ProductType', 'categories', cartProduct)).toBeNull()
  })

  it('derives the stock status extension from the stock the object carries', () => {
    expect(resolve('ProductType', 'stockStatus', cartProduct)).toBe('OVERSELLABLE')
    expect(resolve('SkuType', 'stockStatus', cartProduct.skus[0] as Record<string, unknown>)).toBe('FEW_LEFT')
    expect(resolve('SkuType', 'stockStatus', { skuId: 1 })).toBeNull()
  })
})

describe('parameterGroups', () => {
  it('groups parameter rows by group in order, with facet ids', () => {
    const row = (group: number, parameter: number, identifier: string, value: string) => ({
      product_id: 9,
      parameter_id: parameter,
      parameter_group_id: group,
      group_name: `g${group}`,
      group_order: group,
      identifier,
      label: identifier.toUpperCase(),
      parameter_order: parameter,
      is_shown: true,
      is_filter: parameter === 1,
      value_identifier: value,
      value: value.toUpperCase(),
    })
    const groups = parameterGroups(9, [
      row(1, 1, 'Color', 'black'),
      row(2, 2, 'Material', 'satin'),
      row(2, 3, 'Laundry', '30c'),
    ])
    expect(groups.map((g) => [g.parameterGroupId, g.name, g.parameters.length])).toEqual([
      [1, 'g1', 1],
      [2, 'g2', 2],
    ])
    expect(groups[0]?.parameters[0]).toMatchObject({
      identifier: 'Color',
      name: 'COLOR',
      value: 'BLACK',
      facetId: 'p_1_black',
      showFilter: true,
    })
  })
})
