/**
 * Content pages (Lumo extension, content.graphql): information pages, inspiration articles, the
 * member programme and the style gallery, as the seed and the shop's editors keep them in
 * content_pages / content_page_texts. Only published pages are answered.
 */
import type { ContentPageKind as DbKind } from '../../../db/schema'
import type { GraphQLContext } from '../context'
import type { ResolverModule } from '../resolver-types'
import { scopeFromArgs, type ScopeArgs } from '../scope'

type ApiKind = 'PAGE' | 'INSPIRATION' | 'MEMBER' | 'STYLE'

const TO_DB: Record<ApiKind, DbKind> = {
  PAGE: 'page',
  INSPIRATION: 'inspiration',
  MEMBER: 'member',
  STYLE: 'style',
}
const TO_API: Record<DbKind, ApiKind> = {
  page: 'PAGE',
  inspiration: 'INSPIRATION',
  member: 'MEMBER',
  style: 'STYLE',
}

/** Aliases are short url segments; anything longer cannot match and is not looked up. */
const MAX_ALIAS_LENGTH = 200

interface ContentPageRow {
  page_id: number
  key: string
  kind: DbKind
}

async function present(ctx: GraphQLContext, language: string, pages: readonly ContentPageRow[]) {
  if (pages.length === 0) return []
  const texts = await ctx.db
    .selectFrom('content_page_texts')
    .select(['page_id', 'language', 'alias', 'title', 'body', 'meta_description'])
    .where(
      'page_id',
      'in',
      pages.map((page) => page.page_id),
    )
    .orderBy('language')
    .execute()
  return pages.flatMap((page) => {
    const own = texts.filter((text) => text.page_id === page.page_id)
    const text =
      own.find((candidate) => candidate.language === language) ?? own.find((c) => c.language === 'fi')
    if (!text) return []
    return [
      {
        key: page.key,
        kind: TO_API[page.kind],
        alias: text.alias,
        title: text.title,
        body: text.body,
        metaDescription: text.meta_description,
        alternativeAliases: own.map((candidate) => ({
          language: candidate.language,
          alias: candidate.alias,
        })),
      },
    ]
  })
}

async function contentPage(
  _parent: unknown,
  args: ScopeArgs & { alias: string; kind?: ApiKind | null },
  ctx: GraphQLContext,
) {
  const alias = args.alias.trim()
  if (alias === '' || alias.length > MAX_ALIAS_LENGTH) return null
  const scope = await scopeFromArgs(ctx, args)
  let query = ctx.db
    .selectFrom('content_pages as p')
    .innerJoin('content_page_texts as t', 't.page_id', 'p.page_id')
    .select(['p.page_id', 'p.key', 'p.kind'])
    .where('p.is_published', '=', true)
    .where('t.alias', '=', alias)
  if (args.kind) query = query.where('p.kind', '=', TO_DB[args.kind])
  const page = await query.orderBy('p.sort_order').limit(1).executeTakeFirst()
  if (!page) return null
  const [presented] = await present(ctx, scope.language, [page])
  return presented ?? null
}

async function contentPages(
  _parent: unknown,
  args: ScopeArgs & { kind?: ApiKind | null },
  ctx: GraphQLContext,
) {
  const scope = await scopeFromArgs(ctx, args)
  let query = ctx.db
    .selectFrom('content_pages')
    .select(['page_id', 'key', 'kind'])
    .where('is_published', '=', true)
  if (args.kind) query = query.where('kind', '=', TO_DB[args.kind])
  const pages = await query.orderBy('sort_order').orderBy('page_id').execute()
  return present(ctx, scope.language, pages)
}

export const resolvers: ResolverModule = {
  Query: { contentPage, contentPages },
}
