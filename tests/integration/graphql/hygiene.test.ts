/**
 * API hygiene of the GraphQL service: the API key, query limits, scope fallbacks, malformed
 * requests, and what production hides (introspection, GraphiQL, internal error details).
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type Config } from '../../../server/config'
import graphqlService from '../../../server/services/graphql'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

const SECRET = 'hygiene-test-secret-0123456789abcdefghij'

interface Reply {
  status: number
  body: {
    data?: Record<string, unknown> | null
    errors?: { message: string; extensions?: Record<string, unknown> }[]
  }
  raw: string
}

async function buildApp(
  database: TestDatabase,
  env: 'production' | 'development',
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = loadConfig({
    NODE_ENV: env,
    DATA_DIR: '/tmp/lumo-graphql-test',
    SESSION_SECRET: SECRET,
    API_KEY: 'hygiene-test-api-key',
  })
  const app = Fastify()
  await app.register(graphqlService, { database, config })
  await app.ready()
  return { app, config }
}

function post(app: FastifyInstance, payload: unknown, headers: Record<string, string>) {
  return app
    .inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
    })
    .then((response): Reply => ({ status: response.statusCode, body: response.json(), raw: response.body }))
}

describeEachDatabase('GraphQL hygiene on %s', (kind) => {
  let database: TestDatabase
  let production: FastifyInstance
  let development: FastifyInstance
  let config: Config
  const key = () => ({ 'x-apikey': config.apiKey })

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: 20 } })
    ;({ app: production, config } = await buildApp(database, 'production'))
    ;({ app: development } = await buildApp(database, 'development'))
  })

  afterAll(async () => {
    await production?.close()
    await development?.close()
    await database?.close()
  })

  describe('API key', () => {
    const subscribe = { query: 'mutation { subscribeToNewsletter(email: "keyless@example.fi") }' }
    const stored = async () =>
      (
        await database.db
          .selectFrom('newsletter_subscriptions')
          .select('email')
          .where('email', '=', 'keyless@example.fi')
          .execute()
      ).length

    it('answers 401 with a JSON GraphQL error and runs nothing without the key', async () => {
      const response = await post(production, subscribe, {})
      expect(response.status).toBe(401)
      expect(response.body).toEqual({
        data: null,
        errors: [
          {
            message: 'Missing or invalid API key (X-ApiKey header)',
            extensions: { code: 'UNAUTHENTICATED' },
          },
        ],
      })
      expect(await stored()).toBe(0)
    })

    it('answers 401 for a wrong key, also on GET', async () => {
      expect((await post(production, subscribe, { 'x-apikey': 'wrong-key-wrong-key' })).status).toBe(401)
      const get = await production.inject({
        method: 'GET',
        url: '/graphql?query=%7Bchannels%7Bid%7D%7D',
        headers: { 'x-apikey': 'nope' },
      })
      expect(get.statusCode).toBe(401)
      expect(await stored()).toBe(0)
    })

    it('runs the operation with the key (header name in any case)', async () => {
      const response = await post(production, subscribe, { 'X-ApiKey': config.apiKey })
      expect(response.status).toBe(200)
      expect(response.body.data).toEqual({ subscribeToNewsletter: true })
      expect(await stored()).toBe(1)
    })
  })

  describe('scope fallbacks', () => {
    it('falls back to the fi market and language for unknown ids and keeps a known market', async () => {
      const query =
        'query ($m: String, $l: String) { channel(marketId: $m, languageId: $l) { id } products(take: 1, marketId: $m, languageId: $l) { products { unitPrice { currency { code } } } } }'
      const unknown = await post(production, { query, variables: { m: 'xx', l: 'en-GB' } }, key())
      expect(unknown.body.errors).toBeUndefined()
      expect(JSON.stringify(unknown.body.data)).toContain('"code":"EUR"')
      const sweden = await post(production, { query, variables: { m: 'se', l: 'sv-SE' } }, key())
      expect(JSON.stringify(sweden.body.data)).toContain('"code":"SEK"')
    })

    it('takes the scope from the request variables for fields without their own scope arguments', async () => {
      // The storefront's link adds channelId, marketId and languageId to every operation's variables.
      const query = '{ products(take: 1) { products { unitPrice { currency { code } } } } }'
      const norway = await post(production, { query, variables: { marketId: 'no' } }, key())
      expect(JSON.stringify(norway.body.data)).toContain('"code":"NOK"')
    })
  })

  describe('limits', () => {
    it('rejects a query deeper than 12 levels before running anything', async () => {
      // ShippingOptionType.subOptions is recursive: the one way to nest without end.
      let shipping = 'id'
      for (let level = 0; level < 9; level += 1) shipping = `subOptions { ${shipping} }`
      const query = `{ getCart { id summary { shipping { ${shipping} } } } }`
      const carts = async () => (await database.db.selectFrom('carts').select('cart_id').execute()).length
      const before = await carts()
      const response = await post(production, { query }, key())
      expect(response.status).toBe(400)
      expect(response.body.errors?.[0]?.message).toBe('Query is too deep: depth 13 exceeds the limit of 12')
      // getCart without an id creates a cart; rejected in validation, it created none.
      expect(await carts()).toBe(before)
    })

    it('reports depth, alias and cost violations with QUERY_TOO_COMPLEX and a 400', async () => {
      const small = Fastify()
      const limits = { maxDepth: 3, maxAliases: 2, maxCost: 500, defaultListSize: 5, maxRows: 10_000 }
      await small.register(graphqlService, { database, config, limits })
      try {
        const depth = await post(
          small,
          { query: '{ products(take: 1) { products { brand { name } } } }' },
          key(),
        )
        expect(depth.status).toBe(400)
        expect(depth.body.errors?.[0]?.message).toBe('Query is too deep: depth 4 exceeds the limit of 3')
        expect(depth.body.errors?.[0]?.extensions?.['code']).toBe('QUERY_TOO_COMPLEX')

        const aliases = await post(
          small,
          { query: '{ a: channels { id } b: channels { id } c: channels { id } }' },
          key(),
        )
        expect(aliases.status).toBe(400)
        expect(aliases.body.errors?.[0]?.message).toBe('Too many aliases: more than 2 in one document')

        const cost = await post(
          small,
          { query: '{ products(take: 200) { products { name alias } } }' },
          key(),
        )
        expect(cost.status).toBe(400)
        expect(cost.body.errors?.[0]?.message).toBe(
          'Query is too expensive: cost 601 exceeds the limit of 500',
        )
        expect(cost.body.data ?? null).toBeNull()
      } finally {
        await small.close()
      }
    })

    it('keeps the default limits: 31 aliases are refused, a realistic list page is not', async () => {
      const aliases = Array.from({ length: 31 }, (_, i) => `c${i}: channels { id }`).join(' ')
      const refused = await post(production, { query: `{ ${aliases} }` }, key())
      expect(refused.status).toBe(400)
      const page = `{ products(take: 48) { count products { name alias unitPrice { sellingPriceIncVatFormatted } skus { name stock { inStock } }
        productImages { fileName } } filters { facets { type label values { facetId label count } } } } }`
      expect((await post(production, { query: page }, key())).body.errors).toBeUndefined()
    })
  })

  describe('malformed requests', () => {
    it('rejects variables of the wrong type with a 400 naming the variable', async () => {
      const response = await post(
        production,
        { query: 'query ($t: Int) { products(take: $t) { count } }', variables: { t: 'many' } },
        key(),
      )
      expect(response.status).toBe(400)
      expect(response.body.errors?.[0]?.message).toContain('$t')
    })

    it('rejects a syntax error and an unknown field with a 400', async () => {
      expect((await post(production, { query: '{ products(take: 1) { count ' }, key())).status).toBe(400)
      const unknown = await post(production, { query: '{ products { secretField } }' }, key())
      expect(unknown.status).toBe(400)
      expect(unknown.body.errors?.[0]?.message).toContain('secretField')
    })

    it('rejects a malformed Guid argument as BAD_USER_INPUT', async () => {
      const response = await post(
        production,
        {
          query: 'query ($id: Guid!) { getOrderPublic(publicOrderId: $id) { id } }',
          variables: { id: 'not-a-uuid' },
        },
        key(),
      )
      expect(response.status).toBe(400)
      expect(response.raw).toContain('Guid must be a UUID')
    })
  })

  describe('an unseeded database', () => {
    it('still answers in GraphQL shape, with the configured markets as scope', async () => {
      const empty = await createTestDatabase({ kind })
      const { app } = await buildApp(empty, 'production')
      try {
        const response = await post(
          app,
          { query: '{ products(marketId: "se") { count products { name } } }' },
          key(),
        )
        expect(response.status).toBe(200)
        expect(response.body).toEqual({ data: { products: { count: 0, products: [] } } })
      } finally {
        await app.close()
        await empty.close()
      }
    })
  })

  describe('production hides internals', () => {
    it('refuses introspection in production and allows it in development', async () => {
      const introspection = { query: '{ __schema { queryType { name } } }' }
      const refused = await post(production, introspection, key())
      expect(refused.status).toBe(400)
      expect(refused.body.errors?.[0]?.message).toContain('introspection')
      const allowed = await post(development, introspection, key())
      expect(allowed.body.data).toEqual({ __schema: { queryType: { name: 'GeinsMerchantApiQuery' } } })
    })

    it('names no field of the schema in a validation error in production', async () => {
      const misspelt = { query: '{ channel { nam } }' }
      const refused = await post(production, misspelt, key())
      expect(refused.status).toBe(400)
      expect(refused.body.errors?.[0]?.message).toBe('Cannot query field "nam" on type "ChannelType".')
      expect(refused.raw).not.toContain('Did you mean')
      const helped = await post(development, misspelt, key())
      expect(helped.body.errors?.[0]?.message).toContain('Did you mean "name"?')
    })

    it('answers 413 to a body over the limit, as an error of the client, not of the server', async () => {
      for (const megabytes of [5, 20]) {
        const padding = 'x'.repeat(megabytes * 1024 * 1024)
        const tooLarge = await post(
          production,
          { query: '{ channel { id } }', variables: { padding } },
          key(),
        )
        expect(tooLarge.status).toBe(413)
        expect(tooLarge.body.errors?.[0]?.extensions?.['code']).toBe('PAYLOAD_TOO_LARGE')
        expect(tooLarge.body.errors?.[0]?.message).toMatch(/too large/i)
      }
    })

    it('serves GraphiQL only in development', async () => {
      expect((await production.inject({ method: 'GET', url: '/graphiql' })).statusCode).toBe(404)
      expect((await development.inject({ method: 'GET', url: '/graphiql' })).statusCode).toBe(200)
    })

    it('masks unexpected errors in production without a stack, and keeps coded errors', async () => {
      // A broken statement stands in for any unexpected failure (outage, bug) inside a resolver.
      const broken = await createTestDatabase({ kind, seed: { products: 20 } })
      const { app } = await buildApp(broken, 'production')
      const { app: devApp } = await buildApp(broken, 'development')
      try {
        const warm = await post(app, { query: '{ channel { id } }' }, key())
        expect(warm.status).toBe(200)
        await post(devApp, { query: '{ channel { id } }' }, key())
        await broken.db.schema.dropTable('reviews').cascade().execute()
        const failing = { query: '{ reviews(alias: "x") { count } }' }
        const productAlias = (
          await broken.db
            .selectFrom('product_texts')
            .select('alias')
            .where('language', '=', 'fi')
            .limit(1)
            .executeTakeFirstOrThrow()
        ).alias
        const query = { query: `{ reviews(alias: "${productAlias}") { count } }` }
        const masked = await post(app, query, key())
        expect(masked.body.errors).toEqual([
          {
            message: 'Internal server error',
            locations: [{ line: 1, column: 3 }],
            path: ['reviews'],
            extensions: { code: 'INTERNAL_SERVER_ERROR' },
          },
        ])
        expect(masked.raw).not.toMatch(/stack|relation|reviews" does not exist|at .*\.ts/)
        const detailed = await post(devApp, query, key())
        expect(detailed.body.errors?.[0]?.message).toMatch(/reviews/)
        expect(detailed.raw).not.toContain('"stack"')
        // A coded error is meant for the client and passes in production.
        const coded = await post(app, failing, key())
        expect(coded.body.errors?.[0]).toMatchObject({
          message: "No product with alias 'x'",
          extensions: { code: 'NOT_FOUND' },
        })
      } finally {
        await app.close()
        await devApp.close()
        await broken.close()
      }
    })
  })
})
