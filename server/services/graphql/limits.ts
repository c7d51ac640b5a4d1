/**
 * Query limits as GraphQL validation rules, so an abusive query is rejected before any resolver
 * runs (docs/quality-bars.md#service-hygiene: depth, alias and cost limits). The rules depend on the document only, never
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
 * Sums `measureField` over a selection set, following fragments (each once on a path: a cycle is
 * reported by the standard NoFragmentCycles rule) and narrowing nothing: a type condition's
 * fields are measured on the parent type.
 */
function sumOverSelections(
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  fragments: Map<string, FragmentDefinitionNode>,
  visiting: Set<string>,
  measureField: (field: FieldNode, parent: GraphQLCompositeType, below: Below) => number,
): number {
  const below: Below = (set, type) => sumOverSelections(set, type, fragments, visiting, measureField)
  let total = 0
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      total += measureField(selection, parent, below)
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      total += below(selection.selectionSet, parent)
    } else {
      const name = selection.name.value
      const fragment = fragments.get(name)
      if (!fragment || visiting.has(name)) continue
      visiting.add(name)
      total += below(fragment.selectionSet, parent)
      visiting.delete(name)
    }
  }
  return total
}

type Below = (selectionSet: SelectionSetNode, type: GraphQLCompositeType) => number

/** How many times a field's selection is paid for: its `take`, else a list's default length. */
function lengthOf(
  field: FieldNode,
  parent: GraphQLCompositeType,
  definition: GraphQLField<unknown, unknown>,
  limits: Pick<QueryLimits, 'defaultListSize'>,
): number {
  const isList = isListType(getNullableType(definition.type))
  const paged = PAGED_LIST_FIELDS.has(`${parent.name}.${field.name.value}`)
  return takeOf(field) ?? (isList && !paged ? limits.defaultListSize : 1)
}

/**
 * Cost: every field costs 1; the selection below a list field is multiplied by the list's length,
 * which is its `take` argument or `defaultListSize`. Fragments are followed. Unknown fields cost
 * 1 (the standard rules report them).
 */
export function costOf(
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  fragments: Map<string, FragmentDefinitionNode>,
  limits: Pick<QueryLimits, 'defaultListSize'>,
  visiting: Set<string> = new Set(),
): number {
  return sumOverSelections(selectionSet, parent, fragments, visiting, (field, type, below) => {
    const definition = fieldDefinition(type, field.name.value)
    if (!definition || !field.selectionSet) return 1
    const named = getNamedType(definition.type)
    const childCost = isCompositeType(named) ? below(field.selectionSet, named) : 0
    return 1 + lengthOf(field, type, definition, limits) * childCost
  })
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
  return sumOverSelections(selectionSet, parent, fragments, visiting, (field, type, below) => {
    const definition = fieldDefinition(type, field.name.value)
    if (!definition || !field.selectionSet) return 0
    const named = getNamedType(definition.type)
    if (!isCompositeType(named)) return 0
    const rows = below(field.selectionSet, named)
    const items = isListType(getNullableType(definition.type)) ? 1 + rows : rows
    return (
      (SCAN_ROWS[`${type.name}.${field.name.value}`] ?? 0) + lengthOf(field, type, definition, limits) * items
    )
  })
}

function rootTypeOf(context: ValidationContext, operation: OperationTypeNode) {
  const schema = context.getSchema()
  if (operation === 'mutation') return schema.getMutationType()
  if (operation === 'subscription') return schema.getSubscriptionType()
  return schema.getQueryType()
}

/**
 * A rule that measures each operation from its root type and reports one that measures more
 * than `limit`, with the measure under `name` in the error's extensions.
 */
function operationLimitRule(
  name: 'cost' | 'rows',
  limit: number,
  measure: (selectionSet: SelectionSetNode, root: GraphQLCompositeType, fragments: Fragments) => number,
  message: (value: number) => string,
): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context)
    return {
      OperationDefinition(operation) {
        const root = rootTypeOf(context, operation.operation)
        if (!root) return
        const value = measure(operation.selectionSet, root, fragments)
        if (value <= limit) return
        const maxName = name === 'cost' ? 'maxCost' : 'maxRows'
        context.reportError(
          new GraphQLError(message(value), {
            nodes: [operation],
            extensions: { code: ERROR_CODES.QUERY_TOO_COMPLEX, [name]: value, [maxName]: limit },
          }),
        )
      },
    }
  }
}

type Fragments = Map<string, FragmentDefinitionNode>

export function costLimitRule(limits: Pick<QueryLimits, 'maxCost' | 'defaultListSize'>): ValidationRule {
  return operationLimitRule(
    'cost',
    limits.maxCost,
    (selectionSet, root, fragments) => costOf(selectionSet, root, fragments, limits),
    (cost) => `Query is too expensive: cost ${cost} exceeds the limit of ${limits.maxCost}`,
  )
}

export function rowsLimitRule(limits: Pick<QueryLimits, 'maxRows' | 'defaultListSize'>): ValidationRule {
  return operationLimitRule(
    'rows',
    limits.maxRows,
    (selectionSet, root, fragments) => rowsOf(selectionSet, root, fragments, limits),
    (rows) =>
      `Query reads too many rows: ${rows} exceeds the limit of ${limits.maxRows}; ask for fewer or shorter lists`,
  )
}

export function queryLimitRules(limits: QueryLimits = DEFAULT_LIMITS): ValidationRule[] {
  return [
    depthLimitRule(limits.maxDepth),
    aliasLimitRule(limits.maxAliases),
    costLimitRule(limits),
    rowsLimitRule(limits),
  ]
}
