/** The page configuration the Elevate library sends with a query (docs/service-contracts.md#search-api). */
import { z } from 'zod'
import { RECOMMENDATION_ALGORITHMS } from '../../../../src/shared/search-api'

const listConfig = z.object({
  id: z.string().min(1).max(100),
  algorithm: z.enum(RECOMMENDATION_ALGORITHMS).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  productFilter: z.string().optional(),
  productRules: z.string().optional(),
  params: z.object({ productKey: z.string().optional(), cart: z.array(z.string()).optional() }).optional(),
  visualization: z.enum(['CAROUSEL', 'GRID']).optional(),
  label: z.string().max(200).optional(),
  showMoreLink: z.string().max(500).optional(),
})
export const listConfigs = z.array(listConfig).max(10)
const include = z.object({ include: z.boolean().optional() }).passthrough().optional()
export const pageBody = z
  .object({
    primaryList: include,
    navigation: include,
    productGroup: include,
    cart: include,
    recommendationLists: listConfigs.optional(),
    contentLists: z.array(z.unknown()).optional(),
    productFilter: z.string().optional(),
    productRules: z.string().optional(),
  })
  .passthrough()

export type PageBody = z.infer<typeof pageBody> | undefined
