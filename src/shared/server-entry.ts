/**
 * The contract between the Node server (server/ssr/) and the app's server entry
 * (src/entry-server.tsx, loaded by Vite in development or from dist/server in production): what
 * the server hands the entry for one request, and what the entry answers. Types only.
 */
import type { PipeableStream, RenderToPipeableStreamOptions } from 'react-dom/server'
import type { UrlSettings } from './paths'
import type { GraphqlExecutor } from './graphql-executor'
import type { SessionUser } from './session'
import type { TagManagerConfig } from './tag-manager'

export interface PrepareContext {
  urlSettings: UrlSettings
  publicUrl: string
  apiUri: string
  apiHeaders: Record<string, string>
  fetch: typeof fetch
  /** The search and recommendation service's base URL (SEARCH_URL), reached with `fetch`. */
  searchUri?: string
  /** The commerce API in process, when it runs in this process; HTTP to apiUri otherwise. */
  executeGraphql?: GraphqlExecutor
  cookies: Record<string, string>
  host: string
  userAgent: string
  nonce: string
  isProduction: boolean
  /** The tag manager the page loads after consent (GTM_ID), or none. */
  tagManager?: TagManagerConfig | null
  /** Rendered for the shared page cache: the shopper's own state is left to the browser. */
  sharedPage?: boolean
  /**
   * The logged-in user of the request's VERIFIED session token (server/ssr/session.ts), and when
   * the token expires (epoch ms); null without a valid token. Never read from `lumo-user`.
   */
  session?: { user: SessionUser; expiresAt: number } | null
  /** The request presented a valid QA key (server/ssr/qa-access.ts): Redux DevTools and the QA panel. */
  qaConsole?: boolean
}

export type Prepared =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page'
      status: number
      /** Escaped tags for <head>: title, meta, links. */
      headHtml: string
      lang: string
      /** The JSON the client boots from, already escaped for a script element. */
      bootJson: string
      /** The page's route module source path (for preloading its chunk). */
      routeModule?: string
      /** The module of the page language's compiled messages (for preloading its chunk). */
      messagesModule?: string
      /** The JSON asset of the page language's compiled messages (preloaded; absent in dev). */
      messagesUrl?: string
      /** Errors the route loaders threw (the page shows the error page); logged when ≥ 500. */
      errors: unknown[]
      /** A public page the service worker may keep for offline reading (no checkout or account page). */
      offlineCacheable: boolean
      /** What the page shows, for the page cache's invalidation (src/app/cache-tags.ts). */
      cacheTags: string[]
      render(options: RenderToPipeableStreamOptions): PipeableStream
    }

export interface EntryServer {
  prepare(request: Request, context: PrepareContext): Promise<Prepared>
}
