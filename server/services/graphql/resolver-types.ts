/**
 * The shape of an area's resolver module and the merge of all areas into one resolver map.
 * Each area exports `export const resolvers: ResolverModule = { Query: {…}, Mutation: {…}, CartType: {…} }`.
 */
import type { GraphQLResolveInfo, GraphQLScalarType } from 'graphql'
import type { GraphQLContext } from './context'

/**
 * Any field resolver. Parameters are typed `never` so that a resolver with concrete parent and
 * argument types is assignable (parameters are checked contravariantly).
 */
export type FieldResolver = (
  parent: never,
  args: never,
  context: GraphQLContext,
  info: GraphQLResolveInfo,
) => unknown

export type TypeResolvers = Record<string, FieldResolver>

export interface ResolverModule {
  Query?: TypeResolvers
  Mutation?: TypeResolvers
  [typeName: string]: TypeResolvers | GraphQLScalarType | undefined
}

export type MergedResolvers = Record<string, TypeResolvers | GraphQLScalarType>

/** Merges area modules; the same field (or scalar) from two areas is a programming error. */
export function mergeResolvers(modules: readonly ResolverModule[]): MergedResolvers {
  const merged: MergedResolvers = {}
  for (const module of modules) {
    for (const [typeName, value] of Object.entries(module)) {
      if (!value) continue
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
  return merged
}

function isScalar(value: TypeResolvers | GraphQLScalarType): value is GraphQLScalarType {
  return typeof (value as GraphQLScalarType).serialize === 'function' && 'specifiedByURL' in value
}
