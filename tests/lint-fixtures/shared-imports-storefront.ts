// lint-as: src/shared/shared-imports-storefront.ts
// The isomorphic module reaches into the storefront: forbidden (server/ would pull it in).
import { makeStore } from '../app/store'

export const demoStore = makeStore
