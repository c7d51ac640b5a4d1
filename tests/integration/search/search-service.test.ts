/**
 * The search service (server/services/search) on a seeded database: each endpoint's response
 * shape against docs/service-contracts.md#search-api, relevance basics in the four languages, notifications teaching
 * the ranking, per-session and per-customer data, the index following catalogue changes, and
 * clear 400s for bad requests.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type {
  AddToCartPopupResponse,
  AutocompleteResponse,
  CartPageResponse,
  LandingPageResponse,
  NavigationTreeResponse,
  Product,
  ProductPageResponse,
  SearchPageResponse,
} from '../../../src/shared/search-api'
import {
  notificationUrl,
  queryUrl,
  shopper,
  startSearchApp,
  type SearchApp,
  type Shopper,
} from './search-harness'
import { describeEachDatabase } from '../helpers/outside-servers'
import { AVAILABILITY_TIERS } from '../../../src/shared/availability'

const titles = (groups: { products: Product[] }[]) =>
  groups.flatMap((group) => group.products.map((p) => p.title))

function expectProductShape(product: Product) {
  expect(product).toMatchObject({
    key: expect.stringMatching(/^LU\d{6}$/),
    title: expect.any(String),
    brand: expect.any(String),
    link: expect.stringMatching(/^\/(fi|se|no|dk)(\/\w+)?\/p\//),
    ticket: expect.any(String),
    inStock: expect.any(Boolean),
    listPrice: { min: expect.any(Number), max: expect.any(Number) },
    sellingPrice: { min: expect.any(Number), max: expect.any(Number) },
    badges: { primary: expect.any(Array), secondary: expect.any(Array) },
    imageInfo: { effect: expect.stringMatching(/^(NONE|SWAP|GALLERY)$/), images: expect.any(Array) },
    swatch: { type: expect.any(String), colors: expect.any(Array) },
  })
  expect(product.variants.length).toBeGreaterThan(0)
  expect(product.variants[0]).toMatchObject({
    key: expect.stringContaining(product.key),
    ticket: expect.any(String),
    stockNumber: expect.any(Number),
    inStock: expect.any(Boolean),
    link: product.link,
    listPrice: expect.any(Number),
    sellingPrice: expect.any(Number),
    availability: [{ channel: 'ONLINE', stockNumber: expect.any(Number) }],
  })
  expect(product.imageInfo.images[0]?.sources[0]?.url).toMatch(/^\/img\/product\/\d+w\//)
}

describeEachDatabase('search service (%s)', (kind) => {
  let search: SearchApp
  let who: Shopper

  beforeAll(async () => {
    search = await startSearchApp(kind, 400)
  }, 300_000)
  afterAll(() => search?.close())

  const get = async <T>(endpoint: string, as: Shopper, params: Record<string, string> = {}) => {
    const response = await search.app.inject({ url: queryUrl(endpoint, as, params) })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<T>()
  }
  const post = async <T>(endpoint: string, as: Shopper, params: Record<string, string>, body: unknown) => {
    const response = await search.app.inject({
      method: 'POST',
      url: queryUrl(endpoint, as, params),
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(body),
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<T>()
  }
  const notify = (name: string, as: Shopper, body?: unknown) =>
    search.app.inject({
      method: 'POST',
      url: notificationUrl(name, as),
      ...(body === undefined ? {} : { payload: body as object }),
    })

  beforeAll(() => {
    who = shopper()
  })

  it('search-page: a primary list of styles with sort options and facets; stems, compounds, typos', async () => {
    const page = await get<SearchPageResponse>('search-page', who, { q: 'villaneule' })
    expect(page.q).toBe('villaneule')
    expect(page.primaryList.totalHits).toBeGreaterThan(0)
    expect(page.primaryList.sort.selected).toBe('RELEVANCE')
    expect(page.primaryList.sort.options.map((option) => option.id)).toContain('PRICE_ASCENDING')
    expect(page.primaryList.facets.map((facet) => `${facet.type}:${facet.id}`)).toEqual([
      'TEXT:category',
      'TEXT:brand',
      'COLOR:color',
      'SIZE:size',
      'RANGE:price',
      'CHECKBOX:onSale',
      'CHECKBOX:inStock',
    ])
    for (const group of page.primaryList.productGroups) {
      expect(group).toMatchObject({ key: expect.any(String), remaining: 0 })
      for (const product of group.products) expectProductShape(product)
    }
    expect(titles(page.primaryList.productGroups)[0]).toMatch(/villaneule$/i)

    // the head of a compound finds the compound; the plural and a typo find the same sweaters
    const plain = await get<SearchPageResponse>('search-page', who, { q: 'neule' })
    expect(titles(plain.primaryList.productGroups)).toContain(titles(page.primaryList.productGroups)[0])
    const plural = await get<SearchPageResponse>('search-page', who, { q: 'neuleet' })
    expect(plural.primaryList.totalHits).toBe(plain.primaryList.totalHits)
    const typo = await get<SearchPageResponse>('search-page', who, { q: 'nuele' })
    expect(typo.autoCorrect).toEqual({ q: 'neule', originalTotalHits: 0 })
    expect(typo.primaryList.totalHits).toBe(plain.primaryList.totalHits)
    const undone = await get<SearchPageResponse>('search-page', who, {
      q: 'nuele',
      origin: 'UNDO_AUTO_CORRECT',
    })
    expect(undone.autoCorrect).toBeUndefined()
    expect(undone.primaryList.totalHits).toBe(0)
    // a zero-result page carries TOP_PRODUCTS
    expect(undone.recommendationLists?.[0]).toMatchObject({ algorithm: 'TOP_PRODUCTS', visible: true })
  })

  it('search-page in Swedish, Norwegian and Danish, and by article number', async () => {
    for (const [market, locale, q, expected] of [
      ['se', 'sv-SE', 'ulltröja', /ulltröja$/i],
      ['no', 'nb-NO', 'kjoler', /kjole$/i],
      ['dk', 'da-DK', 'kjoler', /kjole$/i],
    ] as const) {
      const page = await get<SearchPageResponse>('search-page', shopper(market, locale), { q })
      expect(page.primaryList.totalHits, q).toBeGreaterThan(0)
      expect(titles(page.primaryList.productGroups)[0]).toMatch(expected)
    }
    const byNumber = await get<SearchPageResponse>('search-page', who, { q: 'LU000012' })
    expect(byNumber.primaryList.productGroups[0]?.products[0]?.key).toBe('LU000012')
  })

  it('facets f.{id} filter with | lists and ranges, and count the other selections', async () => {
    const all = await get<SearchPageResponse>('search-page', who, { q: 'mekko' })
    const colours = all.primaryList.facets.find((facet) => facet.id === 'color')
    if (colours?.type !== 'COLOR') throw new Error('no colour facet')
    const [first, second] = colours.values
    if (!first || !second) throw new Error('too few colours')
    const filtered = await get<SearchPageResponse>('search-page', who, {
      q: 'mekko',
      'f.color': `${first.id}|${second.id}`,
    })
    expect(filtered.primaryList.totalHits).toBeLessThan(all.primaryList.totalHits)
    const filteredColours = filtered.primaryList.facets.find((facet) => facet.id === 'color')
    if (filteredColours?.type !== 'COLOR') throw new Error('no colour facet')
    expect(filteredColours.selectedCount).toBe(2)
    // disjunctive: the colour facet still counts the colours not chosen
    expect(filteredColours.values.length).toBe(colours.values.length)
    const cheap = await get<SearchPageResponse>('search-page', who, {
      q: 'mekko',
      'f.price.max': '60',
      sort: 'PRICE_ASCENDING',
    })
    const groupPrices = cheap.primaryList.productGroups.map((group) =>
      group.products.map((p) => p.sellingPrice.min),
    )
    expect(groupPrices.flat().every((price) => price <= 60)).toBe(true)
    // a style sorts by its cheapest colour, within its availability tier (ADR 0055: what can be
    // bought first): the prices ascend, starting over at most once per tier boundary
    const cheapest = groupPrices.map((prices) => Math.min(...prices))
    const startsOver = cheapest.filter((price, index) => index > 0 && price < cheapest[index - 1]!).length
    expect(startsOver).toBeLessThanOrEqual(AVAILABILITY_TIERS.length - 1)
    expect(cheapest.length).toBeGreaterThan(AVAILABILITY_TIERS.length * 2)
  })

  it('autocomplete: phrases, products, categories, recent searches; an empty query gives trending phrases', async () => {
    const session = shopper()
    const typed = await get<AutocompleteResponse>('autocomplete', session, { q: 'mek' })
    expect(typed.phraseSuggestions.length).toBeGreaterThan(0)
    expect(typed.phraseSuggestions[0]?.highlighted).toContain('{mek}')
    expect(typed.productSuggestions.length).toBeGreaterThan(0)
    expect(typed.totalHits).toBeGreaterThan(0)
    expect(typed.contentSuggestions.map((item) => item.title)).toContain('Mekot')
    expect(typed.contentSuggestions[0]?.link).toMatch(/^\/fi\/c\//)

    await get('search-page', session, { q: 'villaneule' })
    await get('search-page', session, { q: 'musta mekko' })
    const empty = await get<AutocompleteResponse>('autocomplete', session)
    expect(empty.recentSearches).toEqual([{ q: 'musta mekko' }, { q: 'villaneule' }])
    // one shopper's searches are not popular searches (search-finds-suggestions.test.ts)
    expect(empty.phraseSuggestions.map((item) => item.q)).not.toContain('villaneule')
    // another session has its own recent searches
    expect((await get<AutocompleteResponse>('autocomplete', shopper())).recentSearches).toEqual([])

    expect((await notify('remove-recent-searches', session, { phrases: ['Musta mekko'] })).statusCode).toBe(
      204,
    )
    expect((await get<AutocompleteResponse>('autocomplete', session)).recentSearches).toEqual([
      { q: 'villaneule' },
    ])
    expect((await notify('remove-recent-searches', session, { removeAll: true })).statusCode).toBe(204)
    expect((await get<AutocompleteResponse>('autocomplete', session)).recentSearches).toEqual([])
  })

  it('product-page: the style with tickets, ALTERNATIVES and STYLE_WITH, and the view remembered per customer', async () => {
    const customer = shopper()
    const page = await get<ProductPageResponse>('product-page', customer, { productKey: 'LU000012' })
    expect(page.productGroup?.products[0]?.key).toBe('LU000012')
    expect(page.tickets.LU000012).toBe(page.productGroup?.products[0]?.ticket)
    expect(page.recommendationLists.map((list) => list.algorithm)).toEqual(['ALTERNATIVES', 'STYLE_WITH'])
    for (const list of page.recommendationLists) {
      expect(list.visible).toBe(true)
      expect(list.productGroups.length).toBeGreaterThan(0)
      expect(list.productGroups.flatMap((group) => group.products.map((p) => p.key))).not.toContain(
        'LU000012',
      )
      for (const group of list.productGroups)
        for (const product of group.products) expectProductShape(product)
    }
    const configured = await post<ProductPageResponse>(
      'product-page',
      customer,
      { productKey: 'LU000012' },
      {
        recommendationLists: [{ id: 'upsell', algorithm: 'UPSELL', limit: 3 }],
      },
    )
    expect(configured.recommendationLists).toHaveLength(1)
    expect(configured.recommendationLists[0]?.productGroups.length).toBeLessThanOrEqual(3)

    // RECENTLY_VIEWED on the home landing page, for this customer key only
    const home = await post<LandingPageResponse>(
      'landing-page',
      customer,
      { pageReference: '/' },
      {
        recommendationLists: [
          { id: 'viewed', algorithm: 'RECENTLY_VIEWED' },
          { id: 'top', algorithm: 'TOP_PRODUCTS', limit: 4 },
          { id: 'new', algorithm: 'NEWEST_PRODUCTS', limit: 4 },
        ],
      },
    )
    expect(home.recommendationLists.map((list) => list.algorithm)).toEqual([
      'RECENTLY_VIEWED',
      'TOP_PRODUCTS',
      'NEWEST_PRODUCTS',
    ])
    expect(home.recommendationLists[0]?.productGroups[0]?.products[0]?.key).toBe('LU000012')
    expect(home.recommendationLists[1]?.productGroups.length).toBe(4)
    const stranger = await post<LandingPageResponse>(
      'landing-page',
      shopper(),
      { pageReference: '/' },
      {
        recommendationLists: [{ id: 'viewed', algorithm: 'RECENTLY_VIEWED' }],
      },
    )
    expect(stranger.recommendationLists[0]).toMatchObject({ visible: false, productGroups: [] })
  })

  it('landing-page and navigation-tree: a category page with its list, breadcrumbs and tree', async () => {
    const page = await get<LandingPageResponse>('landing-page', who, {
      pageReference: '/vaatteet/mekot',
      includeNavigation: 'true',
    })
    expect(page.published).toBe(true)
    expect(page.seo.pageHeading).toBe('Mekot')
    expect(page.primaryList?.totalHits).toBeGreaterThan(0)
    expect(page.navigation?.breadcrumbs.map((crumb) => crumb.label)).toEqual(['Vaatteet', 'Mekot'])
    const tree = await get<NavigationTreeResponse>('navigation-tree', who)
    expect(tree.tree.type).toBe('LABEL')
    expect(tree.tree.children[0]).toMatchObject({
      type: 'PRODUCT',
      label: 'Vaatteet',
      path: '/fi/c/vaatteet',
    })
    expect(tree.tree.children[0]?.count).toBeGreaterThan(0)
  })

  it('cart-page and add-to-cart-popup: CART and ADD_TO_CART_RECS from the cart’s variant keys', async () => {
    const { rows } = await sql<{ article_number: string }>`
      SELECT article_number FROM skus WHERE product_id IN (12, 20) ORDER BY product_id, sort_order`.execute(
      search.database.db,
    )
    const [first, second] = [rows[0]!.article_number, rows.at(-1)!.article_number]
    const cart = await get<CartPageResponse>('cart-page', who, { cart: `${first}|${second}` })
    expect(cart.cart).toHaveLength(2)
    expect(cart.recommendationLists[0]).toMatchObject({ id: 'cart', algorithm: 'CART', visible: true })
    const cartKeys = cart.cart.flatMap((group) => group.products.map((p) => p.key))
    for (const product of cart.recommendationLists[0]!.productGroups.flatMap((group) => group.products)) {
      expect(cartKeys).not.toContain(product.key)
    }
    const popup = await post<AddToCartPopupResponse>(
      'add-to-cart-popup',
      who,
      { variantKey: first, cart: second },
      [{ id: 'popup', algorithm: 'ADD_TO_CART_RECS', limit: 4 }],
    )
    expect(popup.recommendationLists[0]).toMatchObject({
      id: 'popup',
      algorithm: 'ADD_TO_CART_RECS',
      visible: true,
    })
    expect(popup.recommendationLists[0]?.productGroups.length).toBeLessThanOrEqual(4)
  })

  it('notifications: a click and an add-to-cart raise the product’s popularity and its rank for the phrase', async () => {
    const session = shopper()
    const before = await get<SearchPageResponse>('search-page', session, { q: 'mekko', limit: '60' })
    const products = before.primaryList.productGroups.flatMap((group) => group.products)
    const last = products.at(-1)!
    const popularity = async () => {
      const { rows } = await sql<{ score: number }>`
        SELECT score FROM search_product_popularity p JOIN products USING (product_id)
        WHERE article_number = ${last.key}`.execute(search.database.db)
      return rows[0]?.score ?? 0
    }
    const start = await popularity()
    for (let i = 0; i < 3; i++) {
      expect((await notify('click', session, { ticket: last.ticket })).statusCode).toBe(204)
      expect((await notify('add-to-cart', session, { ticket: last.ticket })).statusCode).toBe(204)
    }
    expect(await popularity()).toBeGreaterThan(start + 10)
    const after = await get<SearchPageResponse>('search-page', session, { q: 'mekko', limit: '60' })
    const rankOf = (page: SearchPageResponse) =>
      page.primaryList.productGroups.flatMap((group) => group.products).findIndex((p) => p.key === last.key)
    expect(rankOf(after)).toBeLessThan(rankOf(before))

    expect((await notify('add-favorite', session, { productKey: last.key })).statusCode).toBe(204)
    const favourites = await post<LandingPageResponse>(
      'landing-page',
      session,
      { pageReference: '/' },
      {
        recommendationLists: [{ id: 'fav', algorithm: 'FAVORITES' }],
      },
    )
    expect(favourites.recommendationLists[0]?.productGroups[0]?.products[0]?.key).toBe(last.key)
    expect((await notify('remove-favorite', session, { productKey: last.key })).statusCode).toBe(204)

    const forged = await notify('click', session, { ticket: `${last.ticket.split('.')[0]}.AAAAAAAAAAAAAAAA` })
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toEqual({ message: 'ticket is missing or not one this service issued' })
  })

  it('a colour with fewer styles than a page: the garment in every colour, that colour first', async () => {
    const page = await get<SearchPageResponse>('search-page', shopper(), { q: 'musta mekko', limit: '48' })
    const black = page.primaryList.productGroups.map((group) =>
      group.products.some((product) => product.custom?.color?.[0]?.id === 'musta'),
    )
    expect(black.some(Boolean)).toBe(true)
    const firstOther = black.indexOf(false)
    expect(firstOther).toBeGreaterThan(0)
    expect(black.slice(firstOther).some(Boolean)).toBe(false)
    const titlesOf = titles(page.primaryList.productGroups)
    expect(titlesOf.every((title) => /mekko/i.test(title))).toBe(true)
  })

  it('end closes the session: its key is refused afterwards', async () => {
    const session = shopper()
    expect((await notify('end', session)).statusCode).toBe(204)
    const refused = await search.app.inject({ url: queryUrl('autocomplete', session, { q: 'mekko' }) })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/ended session/)
  })

  it('follows catalogue changes: a renamed product is found by its new name after an indexer round', async () => {
    await sql`UPDATE product_texts SET name = 'Kuutamokimallemekko' WHERE product_id = 30 AND language = 'fi'`.execute(
      search.database.db,
    )
    await search.refresh()
    const page = await get<SearchPageResponse>('search-page', shopper(), { q: 'kuutamokimallemekko' })
    expect(page.primaryList.productGroups[0]?.products[0]?.title).toBe('Kuutamokimallemekko')
  })

  it('answers 400 with a message for missing or wrong parameters and unknown endpoints', async () => {
    const bad = async (url: string, message: RegExp, method: 'GET' | 'POST' = 'GET', payload?: string) => {
      const response = await search.app.inject({
        method,
        url,
        ...(payload ? { payload, headers: { 'content-type': 'text/plain' } } : {}),
      })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().message).toMatch(message)
    }
    const { market: _market, ...noMarket } = who
    await bad(
      `/api/storefront/v3/queries/search-page?${new URLSearchParams({ ...noMarket, q: 'x' })}`,
      /market is required/,
    )
    await bad(queryUrl('search-page', { ...who, locale: 'de-DE' }, { q: 'x' }), /locale must be one of/)
    await bad(
      queryUrl('search-page', { ...who, customerKey: 'me' }, { q: 'x' }),
      /customerKey must be a UUID/,
    )
    await bad(queryUrl('search-page', who), /q is required/)
    await bad(queryUrl('search-page', who, { q: 'x', limit: 'many' }), /limit must be a number/)
    await bad(queryUrl('search-page', who, { q: 'x', 'f.price.min': 'low' }), /f.price.min must be a number/)
    await bad(queryUrl('product-page', who), /productKey is required/)
    await bad(queryUrl('sponsored-page', who), /unknown query sponsored-page/)
    await bad(queryUrl('search-page', who, { q: 'x' }), /JSON page configuration/, 'POST', '{oops')
    await bad(notificationUrl('like', who), /unknown notification like/, 'POST')
  })
})
