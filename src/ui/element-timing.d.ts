// Element Timing's attribute (https://wicg.github.io/element-timing/), which React passes through
// as written: src/shared/hero-image.ts says why the page's LCP images carry it.
import 'react'

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merging needs React's own parameter
  interface ImgHTMLAttributes<T> {
    elementtiming?: string
  }
}
