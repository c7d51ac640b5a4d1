/** categories, brands and listPageInfo. */
import { LOCALE_CODES, type LocaleCode } from '../../../../src/shared/markets'
import type { GraphQLContext, RequestScope } from '../context'
import { badUserInput } from '../errors'
import type { ResolverModule } from '../resolver-types'
import { scopeFromArgs, type ScopeArgs } from '../scope'
import { SHOP_NAME, SHOP_SLUG } from '../../../../src/shared/shop'
import {
  findBrand,
  findCampaign,
  GENERIC_LISTS,
  isGenericList,
  parseListUrl,
  type GenericList,
} from './listing'
import { alternativeUrls, brandUrl, campaignUrl, categoryType, categoryUrl } from './products'
import { findCategory, type CategoryNode, type CategoryTree } from './loaders'
import type { GeinsMerchantApiQueryCategoriesArgs, GeinsMerchantApiQueryListPageInfoArgs } from '../generated'

type CategoriesArgs = GeinsMerchantApiQueryCategoriesArgs

/** A hidden category hides the categories below it as well. */
function isVisible(tree: CategoryTree, node: CategoryNode): boolean {
  for (let current: CategoryNode | undefined = node; current;) {
    if (current.isHidden) return false
    current = current.parentId === null ? undefined : tree.byId.get(current.parentId)
  }
  return true
}

async function categories(_parent: unknown, args: CategoriesArgs, ctx: GraphQLContext) {
  const scope = await scopeFromArgs(ctx, args)
  const tree = await ctx.loaders.categoryTree(scope.language)
  const parentId = args.parentCategoryId
  if (parentId !== null && parentId !== undefined && parentId < 0) {
    throw badUserInput('parentCategoryId must be 0 (the root level) or a category id', 'parentCategoryId')
  }
  const nodes =
    parentId === null || parentId === undefined
      ? tree.nodes
      : (tree.children.get(parentId === 0 ? null : parentId) ?? [])
  return nodes.filter((node) => args.includeHidden || isVisible(tree, node)).map(categoryType)
}

async function brands(_parent: unknown, args: ScopeArgs, ctx: GraphQLContext) {
  const scope = await scopeFromArgs(ctx, args)
  const rows = await ctx.db
    .selectFrom('brands as b')
    .leftJoin('brand_texts as t', (join) =>
      join.onRef('t.brand_id', '=', 'b.brand_id').on('t.language', '=', scope.language),
    )
    .select(['b.brand_id', 'b.alias', 'b.name', 'b.logo_file_name', 't.description'])
    .orderBy('b.name')
    .orderBy('b.brand_id')
    .execute()
  return rows.map((row) => ({
    brandId: row.brand_id,
    alias: row.alias,
    canonicalUrl: brandUrl(row.alias),
    name: row.name,
    description: row.description,
    secondaryDescription: null,
    primaryImage: null,
    backgroundImage: null,
    logo: row.logo_file_name,
  }))
}

/** The site's own title and description, per language (listPageInfo with neither alias nor url). */
const SITE_META: Record<LocaleCode, { title: string; description: string }> = {
  fi: {
    title: `${SHOP_NAME} – muotia ja kenkiä`,
    description:
      'Juhlamekot, takit, kengät, urheiluvaatteet, uima- ja alusasut. Ilmainen toimitus yli 69 € tilauksiin ja 14 päivän palautusoikeus.',
  },
  sv: {
    title: `${SHOP_NAME} – mode och skor`,
    description:
      'Festklänningar, kappor, skor, träningskläder, badkläder och underkläder. 14 dagars returrätt.',
  },
  nb: {
    title: `${SHOP_NAME} – mote og sko`,
    description: 'Festkjoler, kåper, sko, treningsklær, badetøy og undertøy. 14 dagers returrett.',
  },
  da: {
    title: `${SHOP_NAME} – mode og sko`,
    description: 'Festkjoler, frakker, sko, sportstøj, badetøj og undertøj. 14 dages returret.',
  },
}

/** Names of the generic lists (/l/<alias>), per language. */
const GENERIC_LIST_NAMES: Record<GenericList, Record<LocaleCode, string>> = {
  all: { fi: 'Kaikki tuotteet', sv: 'Alla produkter', nb: 'Alle produkter', da: 'Alle produkter' },
  'new-arrivals': { fi: 'Uutuudet', sv: 'Nyheter', nb: 'Nyheter', da: 'Nyheder' },
  bestsellers: {
    fi: 'Parhaiten myydyt just nyt',
    sv: 'Bästsäljare just nu',
    nb: 'Bestselgere akkurat nå',
    da: 'Bestseller lige nu',
  },
  incoming: { fi: 'Tulossa pian', sv: 'Kommer snart', nb: 'Kommer snart', da: 'Kommer snart' },
  sale: { fi: 'Ale', sv: 'Rea', nb: 'Salg', da: 'Udsalg' },
  outlet: { fi: 'Outlet', sv: 'Outlet', nb: 'Outlet', da: 'Outlet' },
  sustainable: {
    fi: 'Vastuullisemmat valinnat',
    sv: 'Hållbarare val',
    nb: 'Mer bærekraftige valg',
    da: 'Mere bæredygtige valg',
  },
  collab: { fi: 'Yhteismallistot', sv: 'Samarbeten', nb: 'Samarbeid', da: 'Samarbejder' },
  petite: { fi: 'Petite', sv: 'Petite', nb: 'Petite', da: 'Petite' },
}

function pageInfo(fields: {
  id: number
  alias: string
  canonicalUrl: string | null
  name: string
  primaryDescription?: string | null
  secondaryDescription?: string | null
  primaryImage?: string | null
  logo?: string | null
  meta: { title: string; description: string | null }
  subCategories?: ReturnType<typeof categoryType>[]
  alternativeUrls?: ReturnType<typeof alternativeUrls>
}) {
  return {
    backgroundImage: null,
    logo: null,
    hideTitle: false,
    hideDescription: false,
    primaryDescription: null,
    secondaryDescription: null,
    primaryImage: null,
    subCategories: [],
    alternativeUrls: [],
    ...fields,
    meta: { ...fields.meta, keywords: null },
  }
}

async function categoryPage(ctx: GraphQLContext, scope: RequestScope, alias: string) {
  const tree = await ctx.loaders.categoryTree(scope.language)
  const node = await findCategory(ctx.db, tree, alias)
  if (!node || !isVisible(tree, node)) return null
  // The same category's alias in the other languages, for hreflang: from each language's tree
  // (kept in process by the catalogue cache, so no statement once they are read).
  const aliases = (
    await Promise.all(
      LOCALE_CODES.map(async (language) => {
        const other = (await ctx.loaders.categoryTree(language)).byId.get(node.categoryId)
        return other ? [{ language, alias: other.alias }] : []
      }),
    )
  ).flat()
  return pageInfo({
    id: node.categoryId,
    alias: node.alias,
    canonicalUrl: categoryUrl(node.alias),
    name: node.name,
    primaryDescription: node.description,
    secondaryDescription: node.secondaryDescription,
    primaryImage: node.imageFileName,
    meta: { title: node.metaTitle ?? node.name, description: node.metaDescription ?? node.description },
    subCategories: (tree.children.get(node.categoryId) ?? [])
      .filter((child) => !child.isHidden)
      .map(categoryType),
    alternativeUrls: alternativeUrls(new Map(aliases.map((row) => [row.language, row.alias])), categoryUrl),
  })
}

async function brandPage(ctx: GraphQLContext, scope: RequestScope, alias: string) {
  const brand = await findBrand(ctx.db, alias)
  if (!brand) return null
  const text = await ctx.db
    .selectFrom('brand_texts')
    .select('description')
    .where('brand_id', '=', brand.brand_id)
    .where('language', '=', scope.language)
    .executeTakeFirst()
  return pageInfo({
    id: brand.brand_id,
    alias: brand.alias,
    canonicalUrl: brandUrl(brand.alias),
    name: brand.name,
    primaryDescription: text?.description ?? null,
    meta: { title: brand.name, description: text?.description ?? null },
  })
}

async function campaignPage(ctx: GraphQLContext, scope: RequestScope, alias: string) {
  const campaign = await findCampaign(ctx.db, scope.language, alias)
  if (!campaign) return null
  return pageInfo({
    id: campaign.campaign_id,
    alias: campaign.alias,
    canonicalUrl: campaignUrl(campaign.alias),
    name: campaign.name,
    primaryDescription: campaign.description,
    meta: { title: campaign.name, description: campaign.description },
  })
}

function genericPage(scope: RequestScope, list: GenericList) {
  const name = GENERIC_LIST_NAMES[list][scope.language]
  return pageInfo({
    id: Object.keys(GENERIC_LISTS).indexOf(list) + 1,
    alias: list,
    canonicalUrl: `/l/${list}`,
    name,
    meta: { title: `${name} | ${SHOP_NAME}`, description: SITE_META[scope.language].description },
  })
}

type ListPageInfoArgs = GeinsMerchantApiQueryListPageInfoArgs

async function listPageInfo(_parent: unknown, args: ListPageInfoArgs, ctx: GraphQLContext) {
  const scope = await scopeFromArgs(ctx, args)
  const url = args.url?.trim()
  const alias = args.alias?.trim()
  if (url) {
    const parsed = parseListUrl(url)
    if (!parsed) return null
    switch (parsed.type) {
      case 'c':
        return categoryPage(ctx, scope, parsed.alias)
      case 'b':
        return brandPage(ctx, scope, parsed.alias)
      case 'dc':
        return campaignPage(ctx, scope, parsed.alias)
      case 'l':
        return isGenericList(parsed.alias) ? genericPage(scope, parsed.alias) : null
      case 's':
        return pageInfo({
          id: 0,
          alias: parsed.alias,
          canonicalUrl: `/s/${encodeURIComponent(parsed.alias)}`,
          name: parsed.alias,
          meta: { title: `${parsed.alias} | ${SHOP_NAME}`, description: null },
        })
    }
  }
  if (alias) {
    // A bare alias names a category first, then a brand, a campaign or a generic list.
    return (
      (await categoryPage(ctx, scope, alias)) ??
      (await brandPage(ctx, scope, alias)) ??
      (await campaignPage(ctx, scope, alias)) ??
      (isGenericList(alias) ? genericPage(scope, alias) : null)
    )
  }
  const site = SITE_META[scope.language]
  return pageInfo({
    id: 0,
    alias: SHOP_SLUG,
    canonicalUrl: '/',
    name: SHOP_NAME,
    meta: { title: site.title, description: site.description },
  })
}

export const pageQueryResolvers: ResolverModule = {
  Query: { categories, brands, listPageInfo },
}
