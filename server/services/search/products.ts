/**
 * The response building blocks (docs/service-contracts.md#search-api) from the catalogue: one ProductGroup per style
 * (a style's colour variants share products.variant_group_id), a Product per colour, a Variant per
 * SKU (size), with prices and stock of the market from product_listing and a ticket on each.
 */
import { sql } from 'kysely'
import { toDecimal } from '../../../src/shared/money'
import { MARKETS, type LocaleCode, type MarketAlias } from '../../../src/shared/markets'
import { pathFor, type UrlSettings } from '../../../src/shared/paths'
import type { Badge, Product, ProductGroup, Variant } from '../../../src/shared/search-api'
import { localeTexts } from '../shared/locale-texts'
import type { SearchDatabase } from './db'
import type { TicketFacts, Tickets } from './tickets'

/** New for this many days after it became available. */
const NEW_DAYS = 30

interface ProductRow {
  product_id: number
  style_id: number
  article_number: string
  color_hex: string | null
  first_available_on: string
  is_outlet: boolean
  name: string
  alias: string
  description: string
  brand: string
  price: number
  regular: number
  discount_percent: number | null
  stock_in_stock: number
  stock_total: number
  rating_average: number | null
  colour: string | null
  skus: { id: number; article: string; name: string; inStock: number; total: number }[] | null
  images: string[] | null
}

export interface ProductScope {
  market: MarketAlias
  locale: LocaleCode
}

export interface ProductReader {
  /**
   * The products of the ids in their order, grouped by style in the order of each style's first
   * product. `source` says where they are shown (it goes into the tickets).
   */
  groups(
    ids: readonly number[],
    scope: ProductScope,
    source: Omit<TicketFacts, 'productId'>,
  ): Promise<ProductGroup[]>
  /** The products by id (no grouping), for the product page and the cart. */
  products(
    ids: readonly number[],
    scope: ProductScope,
    source: Omit<TicketFacts, 'productId'>,
  ): Promise<Map<number, Product>>
}

export function createProductReader(
  db: SearchDatabase,
  tickets: Tickets,
  { urlSettings, imageBase }: { urlSettings: UrlSettings; imageBase: string },
): ProductReader {
  async function rows(ids: readonly number[], scope: ProductScope): Promise<ProductRow[]> {
    if (ids.length === 0) return []
    const { rows } = await sql<ProductRow>`
      SELECT p.product_id, COALESCE(p.variant_group_id, p.product_id) AS style_id, p.article_number,
             p.color_hex, p.first_available_on::text AS first_available_on, p.is_outlet,
             t.name, t.alias, t.text1 AS description, b.name AS brand,
             pl.price, pl.regular, pl.discount_percent, pl.stock_in_stock, pl.stock_total, pl.rating_average,
             (SELECT vt.value FROM product_parameter_values pv
              JOIN parameters pa ON pa.parameter_id = pv.parameter_id AND pa.name = 'Color'
              JOIN parameter_value_texts vt ON vt.parameter_value_id = pv.parameter_value_id
                AND vt.language = ${scope.locale}
              WHERE pv.product_id = p.product_id LIMIT 1) AS colour,
             (SELECT json_agg(json_build_object('id', s.sku_id, 'article', s.article_number, 'name', s.name,
                       'inStock', s.stock_in_stock, 'total', s.stock_in_stock + s.stock_oversellable + s.stock_static)
                     ORDER BY s.sort_order, s.sku_id)
              FROM skus s WHERE s.product_id = p.product_id) AS skus,
             (SELECT json_agg(i.file_name ORDER BY i.sort_order, i.file_name)
              FROM product_images i WHERE i.product_id = p.product_id) AS images
      FROM products p
      JOIN product_texts t ON t.product_id = p.product_id AND t.language = ${scope.locale}
      JOIN brands b ON b.brand_id = p.brand_id
      JOIN product_listing pl ON pl.product_id = p.product_id AND pl.market_alias = ${scope.market}
      WHERE p.product_id = ANY (${[...ids]}::integer[]) AND p.is_active`.execute(db)
    return rows
  }

  function badges(row: ProductRow, locale: LocaleCode): Product['badges'] {
    const texts = localeTexts(locale, 'searchService.badge.')
    const primary: Badge[] = []
    const secondary: Badge[] = []
    if (row.discount_percent !== null && row.discount_percent > 0) {
      primary.push({
        label: (texts['searchService.badge.sale'] ?? '-{percent} %').replace(
          '{percent}',
          String(row.discount_percent),
        ),
        theme: 'SALE',
      })
    }
    const age = (Date.now() - Date.parse(`${row.first_available_on}T00:00:00Z`)) / 86_400_000
    if (age >= 0 && age <= NEW_DAYS)
      primary.push({ label: texts['searchService.badge.new'] ?? 'New', theme: 'NEW' })
    if (row.is_outlet)
      secondary.push({ label: texts['searchService.badge.outlet'] ?? 'Outlet', theme: 'THEME_1' })
    return { primary, secondary }
  }

  function toProduct(row: ProductRow, scope: ProductScope, source: Omit<TicketFacts, 'productId'>): Product {
    const link = pathFor({ market: scope.market, locale: scope.locale, settings: urlSettings }, 'product', {
      '*': row.alias,
    })
    const listPrice = toDecimal(Number(row.regular))
    const sellingPrice = toDecimal(Number(row.price))
    const variants: Variant[] = (row.skus ?? []).map((sku) => ({
      key: sku.article,
      ticket: tickets.issue({ ...source, productId: row.product_id, skuId: sku.id }),
      size: sku.name,
      label: sku.name,
      stockNumber: sku.inStock,
      inStock: sku.total > 0,
      link,
      listPrice,
      sellingPrice,
      prices: [{ id: scope.market, listPrice, sellingPrice }],
      availability: [{ channel: 'ONLINE', stockNumber: sku.inStock }],
    }))
    const images = (row.images ?? []).map((fileName) => ({
      alt: row.name,
      sources: [320, 640, 1024].map((width) => ({
        url: `${imageBase}/product/${width}w/${encodeURIComponent(fileName)}`,
        width,
      })),
    }))
    return {
      key: row.article_number,
      title: row.name,
      name: row.name,
      brand: row.brand,
      description: row.description,
      link,
      ticket: tickets.issue({ ...source, productId: row.product_id }),
      ...(row.rating_average !== null ? { rating: Math.round(Number(row.rating_average) * 10) / 10 } : {}),
      inStock: Number(row.stock_total) > 0,
      listPrice: { min: listPrice, max: listPrice },
      sellingPrice: { min: sellingPrice, max: sellingPrice },
      variants,
      badges: badges(row, scope.locale),
      imageInfo: { effect: images.length > 1 ? 'SWAP' : 'NONE', images },
      swatch: {
        type: row.color_hex ? 'COLORS' : 'MISSING_COLORS',
        colors: row.color_hex ? [row.color_hex] : [],
      },
      custom: {
        productId: [{ id: String(row.product_id), label: String(row.product_id) }],
        alias: [{ id: row.alias, label: row.alias }],
        ...(row.colour ? { color: [{ id: row.colour.toLowerCase(), label: row.colour }] } : {}),
        currency: [{ id: MARKETS[scope.market].currency, label: MARKETS[scope.market].currency }],
      },
    }
  }

  return {
    async groups(ids, scope, source) {
      const byId = new Map((await rows(ids, scope)).map((row) => [row.product_id, row]))
      const groups = new Map<number, ProductGroup>()
      for (const id of ids) {
        const row = byId.get(id)
        if (!row) continue
        let group = groups.get(row.style_id)
        if (!group) {
          group = { key: String(row.style_id), remaining: 0, products: [] }
          groups.set(row.style_id, group)
        }
        group.products.push(toProduct(row, scope, source))
      }
      return [...groups.values()]
    },
    async products(ids, scope, source) {
      const found = await rows(ids, scope)
      return new Map(found.map((row) => [row.product_id, toProduct(row, scope, source)]))
    },
  }
}
