// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import { renderRoutes } from '../../ui/test-helpers'
import type { Product } from '../../shared/search-api'
import { ServiceProductCard } from './ServiceProductCard'
import { HERO_IMAGE_TIMING } from '../../shared/hero-image'

afterEach(() => {
  cleanup()
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove()
})

const IMAGE_URL = '/img/product/320w/musta-satiinimekko-1.svg'
const PRODUCT: Product = {
  key: 'p-7',
  title: 'Musta satiinimekko',
  brand: 'Aurinko',
  link: '/fi/p/musta-satiinimekko',
  ticket: 'ticket-7',
  inStock: true,
  listPrice: { min: 59.95, max: 59.95 },
  sellingPrice: { min: 59.95, max: 59.95 },
  variants: [],
  badges: { primary: [], secondary: [] },
  imageInfo: { effect: 'NONE', images: [{ sources: [{ url: IMAGE_URL, width: 320, height: 400 }] }] },
  swatch: { type: 'MISSING_COLORS', colors: [] },
}

async function cardImage(priority?: boolean) {
  const { container } = renderRoutes([
    { path: '*', element: <ServiceProductCard product={PRODUCT} priority={priority} /> },
  ])
  await screen.findByRole('link', { name: /Musta satiinimekko/ })
  return container.querySelector('img.product-card__image')!
}

describe('ServiceProductCard', () => {
  it('loads its image lazily and asynchronously by default', async () => {
    const image = await cardImage()
    expect(image.getAttribute('loading')).toBe('lazy')
    expect(image.getAttribute('decoding')).toBe('async')
    expect(image.getAttribute('fetchpriority')).toBeNull()
    expect(image.getAttribute('elementtiming')).toBeNull()
    expect(document.head.querySelector('link[rel="preload"][as="image"]')).toBeNull()
  })

  it("loads a first-row card's image eagerly at high priority and preloads it", async () => {
    const image = await cardImage(true)
    expect(image.getAttribute('loading')).toBeNull()
    expect(image.getAttribute('decoding')).toBeNull()
    expect(image.getAttribute('fetchpriority')).toBe('high')
    // the entry script waits for it to be on screen (server/ssr/entry-script.ts)
    expect(image.getAttribute('elementtiming')).toBe(HERO_IMAGE_TIMING)
    const link = document.head.querySelector('link[rel="preload"][as="image"]')
    expect(link?.getAttribute('href')).toBe(IMAGE_URL)
    expect(link?.getAttribute('fetchpriority')).toBe('high')
  })
})
