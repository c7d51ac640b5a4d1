/**
 * One shop definition (docs/adr/0077-one-shop-definition.md): the markets, countries, currencies
 * and customer types are listed only in src/shared/shop-definition.ts. This ESLint rule refuses a
 * literal list of two or more of them anywhere else — an array (`['fi', 'se']`, `z.enum([...])`),
 * an object keyed by them (`{ fi: 295, se: 2900 }`) or a union type (`'PERSON' | 'ORGANIZATION'`):
 * such a list is what a new market would have to find and edit. The values are read from the
 * definition's own table, so a fifth market is covered without an edit here.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

const DEFINITION = 'src/shared/shop-definition.ts'

/** The keys of one section of SHOP_DATA (`  markets: {` … `  },`), at the section's first indent. */
function sectionKeys(source, section) {
  const body = source.split(`\n  ${section}: {\n`)[1]?.split('\n  },')[0] ?? ''
  return [...body.matchAll(/^ {4}(\w+): \{/gm)].map((match) => match[1])
}

export function shopListValues(root) {
  const source =
    readFileSync(path.join(root, DEFINITION), 'utf8').split('export const SHOP_DATA = {')[1] ?? ''
  return {
    markets: sectionKeys(source, 'markets'),
    countries: [...source.matchAll(/countryCode: '([A-Z]{2})'/g)].map((match) => match[1]),
    currencies: sectionKeys(source, 'currencies'),
    'customer types': [
      ...new Set([
        ...sectionKeys(source, 'priceDisplayTypes'),
        ...[...source.matchAll(/([A-Z_]+): \{ organisation:/g)].map((match) => match[1]),
      ]),
    ],
  }
}

function literalValue(node) {
  if (!node) return undefined
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value
  if (node.type === 'Identifier') return node.name
  if (node.type === 'TSLiteralType') return literalValue(node.literal)
  return undefined
}

export function shopListPlugin(root) {
  const categories = Object.entries(shopListValues(root)).map(([what, values]) => ({
    what,
    values: new Set(values),
  }))
  return {
    rules: {
      'no-literal-list': {
        meta: {
          type: 'problem',
          schema: [],
          messages: {
            list: 'A literal list of {{what}} ({{values}}) belongs to src/shared/shop-definition.ts: derive it (MARKET_ALIASES, MARKETS, CURRENCY_CODES, COUNTRY_CODES, CUSTOMER_TYPES, BUYER_TYPES).',
          },
        },
        create(context) {
          const check = (node, members) => {
            const values = members.filter((value) => typeof value === 'string')
            for (const { what, values: known } of categories) {
              const found = [...new Set(values.filter((value) => known.has(value)))]
              if (found.length >= 2) {
                context.report({ node, messageId: 'list', data: { what, values: found.join(', ') } })
                return
              }
            }
          }
          return {
            ArrayExpression: (node) =>
              check(
                node,
                node.elements.map((element) =>
                  element?.type === 'Literal' ? literalValue(element) : undefined,
                ),
              ),
            ObjectExpression: (node) =>
              check(
                node,
                node.properties.map((property) =>
                  property.type === 'Property' && !property.computed ? literalValue(property.key) : undefined,
                ),
              ),
            TSUnionType: (node) => check(node, node.types.map(literalValue)),
          }
        },
      },
    },
  }
}
