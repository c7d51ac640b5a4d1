/**
 * Query limits as GraphQL validation rules, so an abusive query is rejected before any resolver
 * runs (DESIGN.md §8: depth, alias and cost limits). The rules depend on the document only, never
 * on variables, so mercurius can keep caching validated documents: a list size given by a variable
 * is costed at its worst case (MAX_TAKE).
 */
import {
  GraphQLError,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationTypeNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql'
import { ERROR_CODES } from './errors'

export const MAX_SKIP = 6000
export const MAX_TAKE = 200

export interface QueryLimits {
  /** Deepest field nesting allowed (the root fields are depth 1). */
  maxDepth: number
  /** Most aliased fields allowed in one document. */
  maxAliases: number
  /** Most cost points allowed per operation (see costOf). */
  maxCost: number
  /** Assumed length of a list field that has no `take` argument. */
  defaultListSize: number
  /** Most rows (list items read from the database, see rowsOf) allowed per operation. */
  maxRows: number
}

export const DEFAULT_LIMITS: QueryLimits = {
  maxDepth: 12,
  maxAliases: 30,
  maxCost: 150_000,
  defaultListSize: 5,
  // the storefront's largest operation, a list page at the largest page size, reads 8,210
  maxRows: 10_000,
}

/**
 * Root fields that read a whole list before they page it (the facet counts and the total of a
 * category, brand or search), in rows on top of the page they return: a document of many such
 * lists pays for each (issue 31 row 1).
 */
export const SCAN_ROWS: Readonly<Record<string, number>> = { 'GeinsMerchantApiQuery.products': 1000 }

/**
 * List fields whose length is already paid for by a `take` argument on their parent field:
 * products(take: 48) { products { … } } costs 48 × the product selection, not 48 × 5 × it.
 */
const PAGED_LIST_FIELDS = new Set(['ProductsResultType.products', 'ProductReviewResultType.reviews'])

/** The page size of fields with a `take` argument when the query gives none (products, reviews). */
export const DEFAULT_TAKE = 20

function tooComplex(
  message: string,
  extensions: Record<string, unknown>,
  node: FieldNode | undefined,
): GraphQLError {
  return new GraphQLError(message, {
    nodes: node ? [node] : [],
    extensions: { ...extensions, code: ERROR_CODES.QUERY_TOO_COMPLEX },
  })
}

function fragmentsOf(context: ValidationContext): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  return fragments
}

/** Depth of a selection set, following fragments; introspection fields (__schema…) are not counted. */
function depthOf(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  visiting: Set<string>,
): number {
  let deepest = 0
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue
      const below = selection.selectionSet ? depthOf(selection.selectionSet, fragments, visiting) : 0
      deepest = Math.max(deepest, 1 + below)
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, visiting))
    } else {
      const name = selection.name.value
      const fragment = fragments.get(name)
      // A fragment cycle is reported by the standard NoFragmentCycles rule.
      if (!fragment || visiting.has(name)) continue
      visiting.add(name)
      deepest = Math.max(deepest, depthOf(fragment.selectionSet, fragments, visiting))
      visiting.delete(name)
    }
  }
  return deepest
}

export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context)
    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation.selectionSet, fragments, new Set())
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`Query is too deep: depth ${depth} exceeds the limit of ${maxDepth}`, {
              nodes: [operation],
              extensions: { code: ERROR_CODES.QUERY_TOO_COMPLEX, depth, maxDepth },
            }),
          )
        }
      },
    }
  }
}

export function aliasLimitRule(maxAliases: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0
    let reported = false
    return {
      Field(node) {
        if (!node.alias) return
        aliases += 1
        if (aliases > maxAliases && !reported) {
          reported = true
          context.reportError(
            tooComplex(`Too many aliases: more than ${maxAliases} in one document`, { maxAliases }, node),
          )
        }
      },
    }
  }
}

/** The list length a field's `take` argument asks for: a literal, else the worst case. */
function takeOf(field: FieldNode): number | undefined {
  const take = field.arguments?.find((argument) => argument.name.value === 'take')
  if (!take) return undefined
  if (take.value.kind === Kind.INT) return Math.min(Math.max(Number(take.value.value), 0), MAX_TAKE)
  if (take.value.kind === Kind.VARIABLE) return MAX_TAKE
  return DEFAULT_TAKE
}

function fieldDefinition(
  parent: GraphQLCompositeType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (isObjectType(parent) || isInterfaceType(parent)) return parent.getFields()[name]
  return undefined
}

/**
 * Cost: every field costs 1; the selection below a list field is multiplied by the list's length,
 * which is its `take` argument or `defaultListSize`. Fragments are followed; a type condition
 * narrows the parent type. Unknown fields cost 1 (the standard rules report them).
 */
export function costOf(
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  fragments: Map<string, FragmentDefinitionNode>,
  limits: Pick<QueryLimits, 'defaultListSize'>,
  visiting: Set<string> = new Set(),
): number {
  let cost = 0
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const definition = fieldDefinition(parent, selection.name.value)
      if (!definition || !selection.selectionSet) {
        cost += 1
        continue
      }
      const named = getNamedType(definition.type)
      const childCost = isCompositeType(named)
        ? costOf(selection.selectionSet, named, fragments, limits, visiting)
        : 0
      const isList = isListType(getNullableType(definition.type))
      const take = takeOf(selection)
      const paged = PAGED_LIST_FIELDS.has(`${parent.name}.${selection.name.value}`)
      const multiplier = take ?? (isList && !paged ? limits.defaultListSize : 1)
      cost += 1 + multiplier * childCost
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += costOf(selection.selectionSet, parent, fragments, limits, visiting)
    } else {
      const name = selection.name.value
      const fragment = fragments.get(name)
      if (!fragment || visiting.has(name)) continue
      visiting.add(name)
      cost += costOf(fragment.selectionSet, parent, fragments, limits, visiting)
      visiting.delete(name)
    }
  }
  return cost
}

/**
 * Rows: the list items an operation may return, each of which the database reads: a list's
 * length (its `take`, or `defaultListSize`) times one row plus the rows of its selection. Unlike
 * cost, a narrow selection does not make a long list cheap: `products(take: 200) { products { id
 * } }` reads 200 products and their facets whatever it selects (issue 31 row 1).
 */
export function rowsOf(
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  fragments: Map<string, FragmentDefinitionNode>,
  limits: Pick<QueryLimits, 'defaultListSize'>,
  visiting: Set<string> = new Set(),
): number {
  let rows = 0
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const definition = fieldDefinition(parent, selection.name.value)
      if (!definition || !selection.selectionSet) continue
      const named = getNamedType(definition.type)
      if (!isCompositeType(named)) continue
      const below = rowsOf(selection.selectionSet, named, fragments, limits, visiting)
      const isList = isListType(getNullableType(definition.type))
      const paged = PAGED_LIST_FIELDS.has(`${parent.name}.${selection.name.value}`)
      const multiplier = takeOf(selection) ?? (isList && !paged ? limits.defaultListSize : 1)
      rows +=
        (SCAN_ROWS[`${parent.name}.${selection.name.value}`] ?? 0) + multiplier * (isList ? 1 + below : below)
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      rows += rowsOf(selection.selectionSet, parent, fragments, limits, visiting)
    } else {
      const name = selection.name.value
      const fragment = fragments.get(name)
      if (!fragment || visiting.has(name)) continue
      visiting.add(name)
      rows += rowsOf(fragment.selectionSet, parent, fragments, limits, visiting)
      visiting.delete(name)
    }
  }
  return rows
}

function rootTypeOf(context: ValidationContext, operation: OperationTypeNode) {
  const schema = context.getSchema()
  if (operation === 'mutation') return schema.getMutationType()
  if (operation === 'subscription') return schema.getSubscriptionType()
  return schema.getQueryType()
}

export function costLimitRule(limits: Pick<QueryLimits, 'maxCost' | 'defaultListSize'>): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context)
    return {
      OperationDefinition(operation) {
        const root = rootTypeOf(context, operation.operation)
        if (!root) return
        const cost = costOf(operation.selectionSet, root, fragments, limits)
        if (cost > limits.maxCost) {
          context.reportError(
            new GraphQLError(`Query is too expensive: cost ${cost} exceeds the limit of ${limits.maxCost}`, {
              nodes: [operation],
              extensions: { code: ERROR_CODES.QUERY_TOO_COMPLEX, cost, maxCost: limits.maxCost },
            }),
          )
        }
      },
    }
  }
}

export function rowsLimitRule(limits: Pick<QueryLimits, 'maxRows' | 'defaultListSize'>): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context)
    return {
      OperationDefinition(operation) {
        const root = rootTypeOf(context, operation.operation)
        if (!root) return
        const rows = rowsOf(operation.selectionSet, root, fragments, limits)
        if (rows > limits.maxRows) {
          context.reportError(
            new GraphQLError(
              `Query reads too many rows: ${rows} exceeds the limit of ${limits.maxRows}; ask for fewer or shorter lists`,
              {
                nodes: [operation],
                extensions: { code: ERROR_CODES.QUERY_TOO_COMPLEX, rows, maxRows: limits.maxRows },
              },
            ),
          )
        }
      },
    }
  }
}

export function queryLimitRules(limits: QueryLimits = DEFAULT_LIMITS): ValidationRule[] {
  return [
    depthLimitRule(limits.maxDepth),
    aliasLimitRule(limits.maxAliases),
    costLimitRule(limits),
    rowsLimitRule(limits),
  ]
}
