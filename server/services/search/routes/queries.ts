/** GET|POST /queries/{endpoint}: the page queries of the Storefront API v3 (docs/service-contracts.md#search-api). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { QUERY_ENDPOINTS, type QueryEndpoint } from '../../../../src/shared/search-api'
import type { SearchContext } from '../context'
import { BadRequest, parseBody, parseQueryScope, type RawQuery } from '../params'
import { autocomplete } from '../queries/autocomplete'
import { landingPage } from '../queries/landing-page'
import { pageBody } from '../queries/page-body'
import { addToCartPopup, cartPage, navigationTreeQuery, productPage } from '../queries/product-pages'
import { searchPage } from '../queries/search-page'
import { answer } from './answer'

export function registerQueryRoutes(app: FastifyInstance, ctx: SearchContext, mount: string) {
  // the Elevate library POSTs page configurations as text/plain
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  )

  const queryHandler = async (
    request: FastifyRequest<{ Params: { endpoint: string } }>,
    reply: FastifyReply,
  ) =>
    answer(reply, async () => {
      const endpoint = request.params.endpoint as QueryEndpoint
      if (!(QUERY_ENDPOINTS as readonly string[]).includes(endpoint)) {
        throw new BadRequest(`unknown query ${request.params.endpoint}: one of ${QUERY_ENDPOINTS.join(', ')}`)
      }
      const query = request.query as RawQuery
      const scope = parseQueryScope(query)
      await ctx.checkSession(scope)
      const rawBody = request.method === 'POST' ? request.body : undefined
      if (endpoint === 'add-to-cart-popup') return addToCartPopup(ctx, query, scope, rawBody)
      const body = parseBody(rawBody, pageBody)
      switch (endpoint) {
        case 'autocomplete':
          return autocomplete(ctx, query, scope)
        case 'search-page':
          return searchPage(ctx, query, scope, body)
        case 'landing-page':
          return landingPage(ctx, query, scope, body)
        case 'product-page':
          return productPage(ctx, query, scope, body)
        case 'cart-page':
          return cartPage(ctx, query, scope, body)
        case 'navigation-tree':
          return navigationTreeQuery(ctx, scope)
      }
    })

  app.get(`${mount}/queries/:endpoint`, queryHandler)
  app.post(`${mount}/queries/:endpoint`, queryHandler)
}
