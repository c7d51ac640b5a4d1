import { readdirSync } from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

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
)
