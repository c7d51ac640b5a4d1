/**
 * The shape of an area's resolver module and the merge of all areas into one resolver map.
 * Each area exports `export const resolvers: ResolverModule = { Query: {…}, Mutation: {…}, CartType: {…} }`.
 *
 * The types come from the schema (`Resolvers` in generated.ts, `npm run codegen`): a resolver's
 * arguments, its parent and what it returns are checked against the field it resolves, with the
 * mappers of scripts/codegen.ts saying which TypeScript value stands for a GraphQL type
 * (docs/adr/0078-types-from-one-source.md).
 */
import type { GraphQLScalarType } from 'graphql'
import type {
  GeinsMerchantApiMutationResolvers,
  GeinsMerchantApiQueryResolvers,
  Resolvers,
} from './generated'

/** The schema's resolver map, with the root types under the names areas write (`Query`, `Mutation`). */
export type ResolverModule = Omit<Resolvers, 'GeinsMerchantApiQuery' | 'GeinsMerchantApiMutation'> & {
  Query?: GeinsMerchantApiQueryResolvers
  Mutation?: GeinsMerchantApiMutationResolvers
}

/** The merged map as mercurius takes it: root types under the schema's names. */
export type MergedResolvers = Resolvers

type LooseMap = Record<string, Record<string, unknown> | GraphQLScalarType>

/** Merges area modules; the same field (or scalar) from two areas is a programming error. */
export function mergeResolvers(modules: readonly ResolverModule[]): ResolverModule {
  const merged: LooseMap = {}
  for (const module of modules) {
    for (const [typeName, value] of Object.entries(module)) {
      if (!isResolverEntry(value)) continue
      const existing = merged[typeName]
      if (existing === undefined) {
        merged[typeName] = isScalar(value) ? value : { ...value }
        continue
      }
      if (isScalar(value) || isScalar(existing))
        throw new Error(`Resolver conflict: ${typeName} is defined twice`)
      for (const [field, resolver] of Object.entries(value)) {
        if (field in existing) throw new Error(`Resolver conflict: ${typeName}.${field} is defined twice`)
        existing[field] = resolver
      }
    }
  }
  // Every entry came from a ResolverModule and no field was replaced, so the union is one too.
  return merged as ResolverModule
}

/** Areas write `Query` and `Mutation`; the schema names its root types the Geins way. */
export function withRootTypeNames(resolvers: ResolverModule): MergedResolvers {
  const { Query, Mutation, ...types } = resolvers
  return {
    ...types,
    ...(Query ? { GeinsMerchantApiQuery: Query } : {}),
    ...(Mutation ? { GeinsMerchantApiMutation: Mutation } : {}),
  }
}

function isResolverEntry(value: unknown): value is Record<string, unknown> | GraphQLScalarType {
  return typeof value === 'object' && value !== null
}

function isScalar(value: Record<string, unknown> | GraphQLScalarType): value is GraphQLScalarType {
  return typeof value.serialize === 'function' && 'specifiedByURL' in value
}
