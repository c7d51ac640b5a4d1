// lint-as: server/services/payments/service-imports-ssr.ts
// A service imports the storefront server: forbidden.
import { renderPage } from '../../ssr/render'

export const demoRender = renderPage
