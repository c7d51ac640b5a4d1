import { describe, expect, it } from 'vitest'
import { serializeForScript } from '../../lib/serialize'
import { breadcrumbJsonLd, productJsonLd, productPageJsonLd } from './json-ld'
import type { ProductData, ProductSku, ReviewsData } from './types'

function sku(skuId: number, name: string, stockStatus: ProductSku['stockStatus']): ProductSku {
  return {
    skuId,
    name,
    articleNumber: `LU000001-${name}`,
    gtin: `6400000${String(skuId).padStart(6, '0')}`,
    stockStatus,
    incoming: null,
    stock: null,
  }
}

const product: ProductData = {
  productId: 1,
  alias: 'musta-satiinimekko-lumo-studio-1',
  name: 'Musta satiinimekko',
  articleNumber: 'LU000001',
  canonicalUrl: '/p/musta-satiinimekko-lumo-studio-1',
  brand: { brandId: 1, name: 'Lumo Studio', canonicalUrl: '/b/lumo-studio' },
  texts: { text1: 'Kiiltävä satiinimekko.', text2: '', text3: '' },
  primaryCategory: { categoryId: 3, name: 'Arkimekot' },
  breadcrumbs: [
    { categoryId: 1, name: 'Vaatteet', url: '/c/vaatteet' },
    { categoryId: 3, name: 'Arkimekot', url: '/c/arkimekot' },
  ],
  unitPrice: {
    isDiscounted: false,
    sellingPriceIncVat: 59.95,
    sellingPriceExVat: 47.77,
    regularPriceIncVat: 59.95,
    regularPriceExVat: 47.77,
    sellingPriceIncVatFormatted: '59,95 €',
    sellingPriceExVatFormatted: '47,77 €',
    regularPriceIncVatFormatted: '59,95 €',
    regularPriceExVatFormatted: '47,77 €',
    discountPercentage: 0,
    currency: { code: 'EUR' },
  },
  lowestPrice: null,
  productImages: [{ fileName: 'a.svg' }],
  skus: [
    sku(101, '34', 'IN_STOCK'),
    sku(102, '36', 'FEW_LEFT'),
    sku(103, '38', 'OUT_OF_STOCK'),
    sku(104, '40', 'OVERSELLABLE'),
    sku(105, '42', 'STATIC'),
  ],
  stockStatus: 'IN_STOCK',
  incoming: null,
  rating: { score: 4.3, voteCount: 6 },
  parameterGroups: [
    {
      parameterGroupId: 1,
      name: 'Väri',
      parameters: [{ parameterId: 1, identifier: 'Color', label: 'Väri', value: 'Musta', show: true }],
    },
  ],
  variantGroup: null,
  alternativeUrls: [],
}

const reviews: ReviewsData = { count: 6, averageRating: 4.33, reviews: [] }
const url = 'https://lumo.test/fi/p/musta-satiinimekko-lumo-studio-1'

describe('Product JSON-LD', () => {
  it('describes the product with one offer per size and its availability', () => {
    const data = productJsonLd({
      product,
      reviews,
      url,
      imageUrls: ['https://lumo.test/img/a'],
      vatIncluded: true,
    })
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Musta satiinimekko',
      sku: 'LU000001',
      url,
      image: ['https://lumo.test/img/a'],
      brand: { '@type': 'Brand', name: 'Lumo Studio' },
      description: 'Kiiltävä satiinimekko.',
      color: 'Musta',
    })
    const offers = data.offers as Record<string, unknown>[]
    expect(offers.map((offer) => offer.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/LimitedAvailability',
      'https://schema.org/OutOfStock',
      'https://schema.org/MadeToOrder',
      'https://schema.org/InStock',
    ])
    expect(offers[0]).toMatchObject({
      '@type': 'Offer',
      price: '59.95',
      priceCurrency: 'EUR',
      sku: 'LU000001-34',
      gtin13: '6400000000101',
    })
  })

  it('prices the offers excluding VAT when the page does', () => {
    const data = productJsonLd({ product, reviews, url, imageUrls: [], vatIncluded: false })
    expect((data.offers as Record<string, unknown>[])[0]?.price).toBe('47.77')
    expect(data.image).toBeUndefined()
  })

  it('rates the product from its reviews, and not at all without any', () => {
    const rated = productJsonLd({ product, reviews, url, imageUrls: [], vatIncluded: true })
    expect(rated.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 6,
      bestRating: 5,
      worstRating: 1,
    })
    const unrated = productJsonLd({
      product: { ...product, rating: null },
      reviews: { count: 0, averageRating: 0, reviews: [] },
      url,
      imageUrls: [],
      vatIncluded: true,
    })
    expect(unrated.aggregateRating).toBeUndefined()
  })

  it('has no offers without a price', () => {
    const data = productJsonLd({
      product: { ...product, unitPrice: null },
      reviews,
      url,
      imageUrls: [],
      vatIncluded: true,
    })
    expect(data.offers).toBeUndefined()
  })
})

describe('BreadcrumbList JSON-LD', () => {
  it('lists the category path and ends with the product', () => {
    const data = breadcrumbJsonLd({
      product,
      url,
      breadcrumbUrls: ['https://lumo.test/fi/c/vaatteet', 'https://lumo.test/fi/c/arkimekot'],
    })
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Vaatteet', item: 'https://lumo.test/fi/c/vaatteet' },
        { '@type': 'ListItem', position: 2, name: 'Arkimekot', item: 'https://lumo.test/fi/c/arkimekot' },
        { '@type': 'ListItem', position: 3, name: 'Musta satiinimekko', item: url },
      ],
    })
  })

  it('is left out when the product has no category path', () => {
    expect(breadcrumbJsonLd({ product: { ...product, breadcrumbs: [] }, url, breadcrumbUrls: [] })).toBeNull()
    expect(
      productPageJsonLd({
        product: { ...product, breadcrumbs: null },
        reviews,
        url,
        imageUrls: [],
        breadcrumbUrls: [],
        vatIncluded: true,
      }),
    ).toHaveLength(1)
  })

  it('serialises safely into a script element whatever the texts hold', () => {
    const hostile = { ...product, name: '</script><script>alert(1)</script>' }
    const text = serializeForScript(
      productPageJsonLd({
        product: hostile,
        reviews,
        url,
        imageUrls: [],
        breadcrumbUrls: [],
        vatIncluded: true,
      }),
    )
    expect(text).not.toContain('</script>')
    expect(JSON.parse(text)[0].name).toBe(hostile.name)
  })
})
