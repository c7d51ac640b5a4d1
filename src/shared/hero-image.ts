/**
 * The page's LCP image candidates (a product's first picture, the first cards of a list or a
 * search) carry `elementtiming` with this name. The browser then reports when each is on screen
 * (Element Timing), and the page's entry script waits for those reports before it loads the app
 * (server/ssr/entry-script.ts, ADR 0052).
 */
export const HERO_IMAGE_TIMING = 'hero'

/** Spread on an LCP candidate's `<img>`. */
export const heroImageTiming = { elementtiming: HERO_IMAGE_TIMING } as const
