// Element Timing's attribute (https://wicg.github.io/element-timing/), which React passes through
// as written. Only the page's LCP images carry it, under the one name the entry script looks for
// (src/shared/hero-image.ts).
import 'react'
import type { HeroImageTiming } from '../shared/hero-image'

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merging needs React's own parameter
  interface ImgHTMLAttributes<T> {
    elementtiming?: HeroImageTiming
  }
}
