/**
 * Resolvers are typed from the schema (generated.ts, `npm run codegen`, ADR 0078): the
 * `@ts-expect-error` lines below are wrong-shaped resolvers, and `tsc` fails if any of them is
 * accepted. The runtime tests cover the merge of the areas' maps.
 */
import { GraphQLScalarType } from 'graphql'
import { describe, expect, it } from 'vitest'
import { mergeResolvers, withRootTypeNames, type ResolverModule } from './resolver-types'
import type { CartShape } from './cart/present'

declare const cart: CartShape

export const refused: ResolverModule[] = [
  {
    Query: {
      // @ts-expect-error getCart answers a CartType: a cart's id is a string
      getCart: () => ({ ...cart, id: 42 }),
    },
  },
  {
    Mutation: {
      // @ts-expect-error addToCart answers a CartType, not a list of them
      addToCart: async () => [cart],
    },
  },
  {
    CartType: {
      // @ts-expect-error CartType.promoCode is a String, not a number
      promoCode: () => 10,
    },
  },
  {
    Query: {
      // @ts-expect-error getCart's id argument is a string; no resolver may read it as a number
      getCart: (_parent: unknown, args: { id: number }) => ({ ...cart, id: String(args.id) }),
    },
  },
  {
    // @ts-expect-error the schema has no type CartTypo
    CartTypo: { id: () => 'x' },
  },
]

export const accepted: ResolverModule = {
  Query: { getCart: async () => cart },
  CartType: { promoCode: (parent) => parent.promoCode?.toUpperCase() ?? null },
}

describe('mergeResolvers', () => {
  it('joins the areas’ types and fields into one map under the schema’s root names', () => {
    const getCart = () => cart
    const completeCart = () => cart
    const promoCode = () => null
    const merged = withRootTypeNames(
      mergeResolvers([{ Query: { getCart } }, { Mutation: { completeCart } }, { CartType: { promoCode } }]),
    )
    expect(merged).toEqual({
      GeinsMerchantApiQuery: { getCart },
      GeinsMerchantApiMutation: { completeCart },
      CartType: { promoCode },
    })
  })

  it('refuses a field two areas both resolve', () => {
    expect(() =>
      mergeResolvers([{ Query: { getCart: () => cart } }, { Query: { getCart: () => cart } }]),
    ).toThrow('Resolver conflict: Query.getCart is defined twice')
  })

  it('keeps a scalar as it is and refuses it twice', () => {
    const scalar = new GraphQLScalarType({ name: 'Long' })
    expect(mergeResolvers([{ Long: scalar }]).Long).toBe(scalar)
    expect(() => mergeResolvers([{ Long: scalar }, { Long: scalar }])).toThrow(
      'Resolver conflict: Long is defined twice',
    )
  })
})
