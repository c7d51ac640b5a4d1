import { readdirSync, readFileSync } from 'node:fs'
import { buildSchema, parse, specifiedRules, validate } from 'graphql'
import { describe, expect, it } from 'vitest'
import {
  aliasLimitRule,
  costLimitRule,
  costOf,
  DEFAULT_LIMITS,
  depthLimitRule,
  rowsLimitRule,
  rowsOf,
  SCAN_ROWS,
} from './limits'

const schema = buildSchema(readFileSync(new URL('../../../graphql/schema.graphql', import.meta.url), 'utf8'))

function errors(
  query: string,
  rules = [depthLimitRule(12), aliasLimitRule(30), costLimitRule(DEFAULT_LIMITS)],
) {
  return validate(schema, parse(query), [...specifiedRules, ...rules]).map((error) => ({
    message: error.message,
    code: error.extensions['code'],
  }))
}

describe('depth limit', () => {
  it('accepts a normal product list query', () => {
    expect(
      errors('{ products(take: 48) { count products { name skus { stock { totalStock } } } } }'),
    ).toEqual([])
  })

  it('rejects a query deeper than the limit, following fragments', () => {
    const query = `
      query { products(take: 1) { products { ...P } } }
      fragment P on ProductType { skus { stock { totalStock } } }`
    expect(errors(query, [depthLimitRule(4)])).toEqual([
      { message: 'Query is too deep: depth 5 exceeds the limit of 4', code: 'QUERY_TOO_COMPLEX' },
    ])
    expect(errors(query, [depthLimitRule(5)])).toEqual([])
  })

  it('does not count introspection fields', () => {
    expect(
      errors('{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }', [
        depthLimitRule(2),
      ]),
    ).toEqual([])
  })
})

describe('alias limit', () => {
  it('allows up to the limit and rejects one more', () => {
    const aliases = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `a${i}: brands { name }`).join(' ')} }`
    expect(errors(aliases(30), [aliasLimitRule(30)])).toEqual([])
    expect(errors(aliases(31), [aliasLimitRule(30)])).toEqual([
      { message: 'Too many aliases: more than 30 in one document', code: 'QUERY_TOO_COMPLEX' },
    ])
  })
})

describe('cost limit', () => {
  const cost = (query: string) => {
    const document = parse(query)
    const operation = document.definitions[0]
    if (operation?.kind !== 'OperationDefinition') throw new Error('no operation')
    const root = schema.getQueryType()
    if (!root) throw new Error('no query type')
    return costOf(operation.selectionSet, root, new Map(), { defaultListSize: 5 })
  }

  it('multiplies a list by its take and unsized lists by the default size', () => {
    // products(1) + take 10 × (products(1) + 1 × (name(1) + skus(1 + 5 × name(1))))
    expect(cost('{ products(take: 10) { products { name skus { name } } } }')).toBe(
      1 + 10 * (1 + (1 + 1 + 5)),
    )
  })

  it('costs a take given by a variable at its worst case (200)', () => {
    expect(cost('query ($t: Int) { products(take: $t) { count } }')).toBe(1 + 200 * 1)
  })

  it('accepts a full 200-product card query and rejects thirty of them', () => {
    const card = `products { name alias brand { name } unitPrice { sellingPriceIncVat sellingPriceIncVatFormatted }
      skus { skuId name stock { inStock totalStock } } productImages { fileName } categories { name }
      parameterGroups { name parameters { name value } } badges }`
    expect(errors(`{ products(take: 200) { count ${card} } }`)).toEqual([])
    const many = Array.from({ length: 30 }, (_, i) => `l${i}: products(take: 200) { ${card} }`).join(' ')
    const result = errors(`{ ${many} }`)
    expect(result).toHaveLength(1)
    expect(result[0]?.code).toBe('QUERY_TOO_COMPLEX')
    expect(result[0]?.message).toMatch(/^Query is too expensive: cost \d+ exceeds the limit of 150000$/)
  })
})

describe('rows limit (issue 31 row 1)', () => {
  const rowsRules = [rowsLimitRule(DEFAULT_LIMITS)]
  const rows = (query: string) => {
    const operation = parse(query).definitions[0]
    if (operation?.kind !== 'OperationDefinition') throw new Error('no operation')
    return rowsOf(operation.selectionSet, schema.getQueryType()!, new Map(), { defaultListSize: 5 })
  }

  it('counts the list items read, whatever is selected of them, and the scan of a product list', () => {
    // 1000 (the list's facets and total) + 200 products
    expect(rows('{ products(take: 200) { products { productId } } }')).toBe(
      SCAN_ROWS['GeinsMerchantApiQuery.products']! + 200,
    )
    // each product's skus (5 by default) are rows too
    expect(rows('{ products(take: 10) { products { skus { skuId } } } }')).toBe(1000 + 10 * (1 + 5))
    expect(rows('{ brands { name } }')).toBe(5)
  })

  it('refuses the probe of thirty 200-product lists, though its narrow selection passes the cost limit', () => {
    const probe = `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: products(take: 200) { products { productId name } }`).join(' ')} }`
    expect(errors(probe)).toEqual([])
    expect(errors(probe, rowsRules)).toEqual([
      {
        message:
          'Query reads too many rows: 36000 exceeds the limit of 10000; ask for fewer or shorter lists',
        code: 'QUERY_TOO_COMPLEX',
      },
    ])
  })

  it('admits every operation the storefront sends, at its largest variables', () => {
    const directory = new URL('../../../graphql/operations/', import.meta.url)
    const text = readdirSync(directory)
      .map((file) => readFileSync(new URL(file, directory), 'utf8'))
      .join('\n')
    const refused = validate(schema, parse(text), [rowsLimitRule(DEFAULT_LIMITS)])
    expect(refused.map((error) => error.message)).toEqual([])
    // and the limit is not far looser than the largest of them (the list page at 200 products)
    const largest = Math.max(
      ...parse(text).definitions.map((definition) =>
        definition.kind === 'OperationDefinition'
          ? rowsOf(
              definition.selectionSet,
              (definition.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType())!,
              new Map(
                parse(text)
                  .definitions.filter((fragment) => fragment.kind === 'FragmentDefinition')
                  .map((fragment) => [fragment.name.value, fragment]),
              ),
              DEFAULT_LIMITS,
            )
          : 0,
      ),
    )
    expect(largest).toBeGreaterThan(DEFAULT_LIMITS.maxRows * 0.75)
  })
})
