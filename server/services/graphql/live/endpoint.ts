/**
 * The commerce API's subscriptions over WebSocket (graphql-ws, protocol `graphql-transport-ws`)
 * on the API's own path: an upgrade to `/graphql` (docs/adr/0036-live-updates.md).
 *
 * The same rules as the HTTP endpoint: the upgrade needs the X-ApiKey (401 before any socket
 * exists), the user is the verified bearer token of the upgrade request, operations pass the
 * same depth / alias / cost rules and the production error masking. Only subscriptions are
 * served here: queries and mutations keep to HTTP, where the abuse limits and caching live.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import {
  getOperationAST,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ValidationRule,
} from 'graphql'
import { useServer } from 'graphql-ws/use/ws'
import { WebSocketServer } from 'ws'
import type { Config } from '../../../config'
import { handleUpgrades, refuseUpgrade } from '../../shared/websocket-upgrade'
import { clientAddress } from '../../shared/client-address'
import type { TokenVerifier } from '../../shared/auth-tokens'
import type { RateLimiter } from '../../shared/rate-limit'
import { ABUSE_LIMITS } from '../abuse-limits'
import { apiKeyFromRequest, isValidApiKey, requestUserOf, verifiedUserFromRequest } from '../auth'
import type { GraphQLContext, RequestUser } from '../context'
import { maskError } from '../masking'
import type { LiveEvents } from './events'
import { subscriptionRoot } from './subscriptions'

export interface LiveEndpointOptions {
  path: string
  config: Pick<Config, 'apiKey' | 'isProduction'>
  events: LiveEvents
  tokens: TokenVerifier
  /** Handshakes per shopper address are limited (ABUSE_LIMITS.liveConnections). */
  limiter: RateLimiter
  /** The API's extra validation rules (limits.ts; no introspection in production). */
  validationRules: readonly ValidationRule[]
  createContext(input: {
    variables: Record<string, unknown> | null
    user: RequestUser | null
    apiKey: string | null
    requestId: string
    clientAddress: string | null
  }): Promise<GraphQLContext>
}

/** A page follows a product and a cart; more than this on one connection is not a shop page. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20
/**
 * Open connections per shopper address at once: a page holds at most two, so this fits a
 * household or an office of shoppers with many tabs behind one address, and stops one client
 * from holding sockets (and their memory) without end. Per instance: the sockets are its own.
 */
export const MAX_OPEN_CONNECTIONS_PER_ADDRESS = 40
/**
 * The close code when the token a connection was opened with expires: graphql-ws clients retry
 * a 4403 ("might be granted after login"), so the browser reconnects through the storefront's
 * proxy with the session's current token, or as a visitor.
 */
export const TOKEN_EXPIRED_CLOSE_CODE = 4403

function queryError(message: string): GraphQLError[] {
  return [new GraphQLError(message)]
}

export function registerLiveEndpoint(app: FastifyInstance, options: LiveEndpointOptions): void {
  const { config, events, tokens } = options
  const rules = [...specifiedRules, ...options.validationRules]
  const root = subscriptionRoot(events)
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 })
  // the user of a connection: its upgrade request's bearer token, verified once per connection
  const users = new WeakMap<object, Promise<RequestUser | null>>()

  const server = useServer(
    {
      onConnect: (ctx) => {
        const { socket } = ctx.extra
        const verified = verifiedUserFromRequest(ctx.extra.request, tokens)
        users.set(
          socket,
          verified.then((user) => (user ? requestUserOf(user) : null)),
        )
        // a connection follows its customer only as long as the token it was opened with is valid
        void verified.then((user) => {
          if (!user) return
          const timer = setTimeout(
            () => socket.close(TOKEN_EXPIRED_CLOSE_CODE, 'Token expired'),
            Math.max(0, user.expiresAt.getTime() - Date.now()),
          )
          timer.unref()
          socket.once('close', () => clearTimeout(timer))
        })
        return true
      },
      onSubscribe: async (ctx, _id, payload) => {
        // the new operation's own reservation is among them already
        if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          return queryError(`At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection`)
        }
        let document: DocumentNode
        try {
          document = parse(payload.query)
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('Could not parse the query')]
        }
        const schema = app.graphql.schema
        const errors = validate(schema, document, rules)
        if (errors.length > 0) return errors
        const operation = getOperationAST(document, payload.operationName)
        if (!operation) return queryError('The document must name one operation to run')
        if (operation.operation !== 'subscription') {
          return queryError(
            'Only subscriptions are served over WebSocket; send queries and mutations over HTTP',
          )
        }
        const { request } = ctx.extra
        const contextValue = await options.createContext({
          variables: payload.variables ?? null,
          user: (await users.get(ctx.extra.socket)) ?? null,
          apiKey: apiKeyFromRequest(request) ?? null,
          requestId: randomUUID(),
          clientAddress: clientAddress(
            request.socket.remoteAddress ?? '',
            request.headers['x-forwarded-for'],
          ),
        })
        const args: ExecutionArgs = {
          schema,
          document,
          operationName: payload.operationName ?? null,
          variableValues: payload.variables ?? null,
          contextValue,
          rootValue: root,
        }
        return args
      },
      onNext: (_ctx, _id, _payload, _args, result) => {
        if (!result.errors) return
        const errors = result.errors.map((error) => {
          if (error.originalError)
            app.log.error({ err: error.originalError, path: error.path }, 'GraphQL subscription failed')
          return (config.isProduction ? maskError(error) : error).toJSON()
        })
        return { ...result, errors }
      },
    },
    wss,
  )

  const openByAddress = new Map<string, number>()
  const accept = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isValidApiKey(apiKeyFromRequest(request), config.apiKey)) {
      refuseUpgrade(socket, 401, 'Unauthorized')
      return
    }
    const address = clientAddress(request.socket.remoteAddress ?? '', request.headers['x-forwarded-for'])
    if ((openByAddress.get(address) ?? 0) >= MAX_OPEN_CONNECTIONS_PER_ADDRESS) {
      // a socket closes when its page does; a few seconds is a fair wait
      refuseUpgrade(socket, 429, 'Too Many Requests', { 'retry-after': '10' })
      return
    }
    const decision = await options.limiter.hit(ABUSE_LIMITS.liveConnections, address)
    if (!decision.allowed) {
      refuseUpgrade(socket, 429, 'Too Many Requests', { 'retry-after': String(decision.retryAfterSeconds) })
      return
    }
    wss.handleUpgrade(request, socket, head, (client) => {
      openByAddress.set(address, (openByAddress.get(address) ?? 0) + 1)
      client.once('close', () => {
        const left = (openByAddress.get(address) ?? 1) - 1
        if (left > 0) openByAddress.set(address, left)
        else openByAddress.delete(address)
      })
      wss.emit('connection', client, request)
    })
  }
  handleUpgrades(app, options.path, (request, socket, head) => {
    accept(request, socket, head).catch((error: unknown) => {
      app.log.error({ err: error }, 'Could not accept a live connection')
      refuseUpgrade(socket, 503, 'Service Unavailable')
    })
  })

  // Upgraded sockets are not Fastify's: close them first, or the server would wait for them.
  app.addHook('preClose', async () => {
    for (const client of wss.clients) client.close(1001, 'Server shutting down')
    await server.dispose()
    await new Promise<void>((resolve) => wss.close(() => resolve()))
  })
}
