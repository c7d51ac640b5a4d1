/**
 * The page's LCP image candidates (a product's first picture, the first cards of a list or a
 * search) carry `elementtiming` with this name. The browser then reports when each is on screen
 * (Element Timing), and the page's entry script waits for those reports before it loads the app
 * (server/ssr/entry-script.ts, ADR 0052).
 *
 * The components write the name as a literal, which src/ui/element-timing.d.ts types as this one:
 * importing it would make a chunk of its own for a few bytes.
 */
export const HERO_IMAGE_TIMING = 'hero'

export type HeroImageTiming = typeof HERO_IMAGE_TIMING
