import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import { shopListPlugin } from './scripts/lint/shop-list-rule.js'

/**
 * The house boundaries (docs/architecture.md, "Who may import what"). Each zone forbids the
 * files in `target` to import the files in `from` (paths resolved, so `../..` tricks do not pass).
 */
const SERVICES = readdirSync(path.join(import.meta.dirname, 'server/services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name)

const boundaryZones = [
  {
    target: './src',
    from: './server',
    message: 'The storefront never imports server code: share it through src/shared/.',
  },
  {
    target: './src/shared',
    from: './src',
    except: ['./shared'],
    message: 'src/shared/ is isomorphic: it imports only src/shared/.',
  },
  {
    target: './server',
    from: './src',
    except: ['./shared'],
    message: 'server/ imports only src/shared/ from src/.',
  },
  ...SERVICES.map((service) => ({
    target: `./server/services/${service}`,
    from: './server/services',
    except: [`./${service}`, './shared'],
    message: `Services meet only through their HTTP contract, the database, server/contracts/ or server/services/shared/: ${service} may not import another service.`,
  })),
  ...SERVICES.map((service) => ({
    target: `./server/services/${service}`,
    from: './server/ssr',
    message: 'A service does not import the storefront server (server/ssr/).',
  })),
  {
    target: './server/ssr',
    from: './server/services',
    except: ['./shared'],
    message:
      'The storefront server reaches a service only through its HTTP contract (server/services/shared/service-fetch.ts).',
  },
  {
    target: ['./server/services/shared', './server/contracts', './server/db'],
    from: ['./server/services', './server/ssr'],
    except: ['./shared'],
    message: 'Shared server modules and the database layer import no service and no storefront code.',
  },
]

/**
 * One module per fact (docs/architecture.md): a payment kind is named only in
 * src/shared/payment-kinds.ts; everywhere else a rule asks that module (`paidAtProvider(kind)`,
 * `isInvoiced(kind)`, …). Seed plans may say which kind an order was paid with (`payment: 'card'`).
 * The names are read from the table's keys, so a new kind is covered without an edit here
 * (scripts/lint/boundaries.test.ts checks they are exactly PAYMENT_KIND_IDS).
 */
export const PAYMENT_KIND_NAMES = [
  ...(
    readFileSync(path.join(import.meta.dirname, 'src/shared/payment-kinds.ts'), 'utf8')
      .split('export const PAYMENT_KINDS = {')[1]
      ?.split('\n} as const')[0] ?? ''
  ).matchAll(/^ {2}(\w+): \{/gm),
].map((match) => match[1])
const PAYMENT_KIND_LITERAL = `Literal[value=/^(${PAYMENT_KIND_NAMES.join('|')})$/]`
const paymentKindRule = {
  files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
  ignores: ['src/shared/payment-kinds.ts', '**/*.test.{ts,tsx}', '**/test-fixtures.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: `:not(Property[key.name='payment']) > ${PAYMENT_KIND_LITERAL}`,
        message:
          'A payment kind is named only in src/shared/payment-kinds.ts: ask it (paidAtProvider, isInvoiced, asksPersonalId, kindsSettledBy).',
      },
    ],
  },
}

/**
 * One shop definition (ADR 0077): no literal list of markets, countries, currencies or customer
 * types outside src/shared/shop-definition.ts (scripts/lint/shop-list-rule.js). Tests may list
 * them; the seed's fixtures are test data the integration tests assert against; the payment kinds'
 * table names the markets each kind is offered in (ADR 0059).
 */
const shopListRule = {
  files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
  ignores: [
    'src/shared/shop-definition.ts',
    'src/shared/payment-kinds.ts',
    'server/db/seed/fixtures.ts',
    // the phone wallets' mobile-number rules per country; the same facts are MARKETS[alias].phone
    'server/services/payments/phones.ts',
    '**/*.test.{ts,tsx}',
    '**/test-fixtures.ts',
    '**/test-helpers.tsx',
  ],
  plugins: { 'shop-definition': shopListPlugin(import.meta.dirname) },
  rules: { 'shop-definition/no-literal-list': 'error' },
}

/**
 * Types from one source (ADR 0078): no `value as unknown as T` (or `as any as T`) in product code.
 * A value the compiler cannot follow gets a type guard, a zod parse where it enters, or a type
 * generated from the schema instead. Tests may build deliberately partial objects.
 */
const DOUBLE_ASSERTION = {
  meta: {
    type: 'problem',
    messages: {
      double:
        'No `as unknown as` (ADR 0078): give the value its real type — a type guard, a zod parse at the boundary, or a generated type.',
    },
    schema: [],
  },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'double' })
    const inner = '[expression.typeAnnotation.type=/^TS(Unknown|Any)Keyword$/]'
    return {
      [`TSAsExpression${inner}[expression.type='TSAsExpression']`]: report,
      [`TSTypeAssertion${inner}[expression.type='TSTypeAssertion']`]: report,
    }
  },
}
const doubleAssertionRule = {
  files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
  ignores: ['**/*.test.{ts,tsx}', '**/*.test-d.ts', '**/test-fixtures.ts', '**/test-helpers.tsx'],
  plugins: { types: { rules: { 'no-double-assertion': DOUBLE_ASSERTION } } },
  rules: { 'types/no-double-assertion': 'error' },
}

/**
 * Functions stay short enough to read at once: no product-code function over 150 lines (split
 * a service into route modules, a component into parts and hooks). Tests and generated code are
 * not held to it.
 */
const functionLengthRule = {
  files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
  ignores: ['**/*.test.{ts,tsx}', '**/*.test-d.ts', '**/test-fixtures.ts', '**/test-helpers.tsx'],
  rules: { 'max-lines-per-function': ['error', { max: 150 }] },
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      '.test-data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      // Deliberate violations, linted one by one by tests/lint/boundaries.test.ts.
      'tests/lint-fixtures/**',
      // Generated by `npm run codegen` (scripts/codegen.ts); checked for staleness by scripts/codegen.test.ts.
      'src/graphql/generated.ts',
      'server/services/graphql/generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  paymentKindRule,
  shopListRule,
  doubleAssertionRule,
  functionLengthRule,
)
