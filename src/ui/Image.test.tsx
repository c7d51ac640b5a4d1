// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { EMPTY_IMAGE_INPUT_MESSAGE, ProductImage } from './Image'
import { HERO_IMAGE_TIMING } from '../shared/hero-image'

afterEach(() => {
  cleanup()
  document.head.innerHTML = ''
})

const SIZES = '(min-width: 1024px) 33vw, 100vw'

describe('ProductImage', () => {
  it('renders a 4:5 srcset over the screen sizes with the space reserved', () => {
    render(<ProductImage fileName="kevät mekko-1.svg" alt="Kevätmekko edestä" width={400} sizes={SIZES} />)
    const image = screen.getByRole('img', { name: 'Kevätmekko edestä' })
    expect(image.getAttribute('src')).toBe('/img/product/400f500/kev%C3%A4t%20mekko-1.svg')
    expect(image.getAttribute('srcset')).toBe(
      [320, 640, 768, 1024, 1280, 1536]
        .map((w) => `/img/product/${w}f${(w * 5) / 4}/kev%C3%A4t%20mekko-1.svg ${w}w`)
        .join(', '),
    )
    expect(image.getAttribute('sizes')).toBe(SIZES)
    expect(image.getAttribute('width')).toBe('400')
    expect(image.getAttribute('height')).toBe('500')
  })

  it('is lazy and async unless it is the priority image', () => {
    render(<ProductImage fileName="a-1.svg" alt="A" width={320} sizes="100vw" />)
    const image = screen.getByRole('img')
    expect(image.getAttribute('loading')).toBe('lazy')
    expect(image.getAttribute('decoding')).toBe('async')
    expect(image.getAttribute('fetchpriority')).toBeNull()
    expect(image.getAttribute('elementtiming')).toBeNull()
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull()
  })

  it('loads the priority image eagerly at high priority and preloads it', () => {
    render(<ProductImage fileName="a-1.svg" alt="A" width={320} sizes="100vw" priority />)
    const image = screen.getByRole('img')
    expect(image.getAttribute('loading')).toBeNull()
    expect(image.getAttribute('fetchpriority')).toBe('high')
    // the entry script waits for it to be on screen (server/ssr/entry-script.ts)
    expect(image.getAttribute('elementtiming')).toBe(HERO_IMAGE_TIMING)
    expect(image.getAttribute('decoding')).toBeNull()
    const link = document.head.querySelector('link[rel="preload"][as="image"]')
    expect(link).not.toBeNull()
    expect(link?.getAttribute('imagesrcset')).toBe(image.getAttribute('srcset'))
    expect(link?.getAttribute('imagesizes')).toBe('100vw')
    expect(link?.getAttribute('fetchpriority')).toBe('high')
  })

  it('puts the preload link into the server-rendered HTML', () => {
    const html = renderToString(
      <html>
        <head />
        <body>
          <ProductImage fileName="a-1.svg" alt="A" width={320} sizes="100vw" priority />
        </body>
      </html>,
    )
    expect(html).toMatch(
      /<link rel="preload" as="image"[^>]*imageSrcSet="\/img\/product\/320f400\/a-1\.svg 320w/,
    )
  })

  it('takes an explicit height for the reserved box', () => {
    render(<ProductImage fileName="a-1.svg" alt="A" width={300} height={300} sizes="100vw" />)
    const image = screen.getByRole('img')
    expect(image.getAttribute('height')).toBe('300')
    // the image service's nearest width, the slot's ratio kept
    expect(image.getAttribute('src')).toBe('/img/product/320f320/a-1.svg')
    expect(image.getAttribute('srcset')).toContain('/img/product/640f640/a-1.svg 640w')
  })

  it.each([
    ['an empty string', ''],
    ['white space', '  '],
    ['null', null],
    ['a number', 42],
  ])('refuses %s as the file name (docs/product-rules.md#images)', (_case, fileName) => {
    // React logs the thrown render error; keep the test output to the assertion.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() =>
      render(<ProductImage fileName={fileName as unknown as string} alt="A" width={320} sizes="100vw" />),
    ).toThrow(EMPTY_IMAGE_INPUT_MESSAGE)
    quiet.mockRestore()
  })
})
