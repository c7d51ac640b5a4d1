import { describe, expect, it } from 'vitest'
import { splitLeadingImagePreloads } from './render'

describe('splitLeadingImagePreloads', () => {
  const image = (n: number) =>
    `<link rel="preload" as="image" fetchPriority="high" imageSrcSet="/img/a-${n}.svg 320w" imageSizes="50vw"/>`

  it("takes the image preloads React's first chunk starts with", () => {
    expect(splitLeadingImagePreloads(`${image(1)}${image(2)}<div class="site">x</div>`)).toEqual([
      `${image(1)}${image(2)}`,
      '<div class="site">x</div>',
    ])
  })

  it('takes them whichever order React wrote their attributes in', () => {
    // preload() without a srcset (a search result's card): href first, then as
    const plain = '<link rel="preload" href="/img/product/320w/a-1.svg" as="image" fetchPriority="high"/>'
    expect(splitLeadingImagePreloads(`${plain}${image(1)}<main></main>`)).toEqual([
      `${plain}${image(1)}`,
      '<main></main>',
    ])
    const script = '<link rel="preload" href="/assets/a.js" as="script"/>'
    expect(splitLeadingImagePreloads(`${script}<main></main>`)).toEqual(['', `${script}<main></main>`])
  })

  it('leaves a chunk without leading image preloads alone, and preloads inside the markup too', () => {
    const markup = `<div class="site">${image(1)}</div>`
    expect(splitLeadingImagePreloads(markup)).toEqual(['', markup])
    const fontFirst = '<link rel="preload" as="font" href="/f.woff2"/><main></main>'
    expect(splitLeadingImagePreloads(fontFirst)).toEqual(['', fontFirst])
  })
})
