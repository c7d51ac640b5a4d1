// lint-as: src/features/demo/storefront-imports-server.ts
// The storefront imports a type from server/: forbidden, types included.
import type { Config } from '../../../server/config'

export type DemoConfig = Config
