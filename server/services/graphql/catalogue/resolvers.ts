/** The catalogue area's resolvers: channel, running campaigns, products, categories, brands, list pages, reviews. */
import { mergeResolvers, type ResolverModule } from '../resolver-types'
import { campaignResolvers } from './campaigns'
import { channelResolvers } from './channel'
import { engagementResolvers } from './engagement'
import { pageQueryResolvers } from './page-queries'
import { productQueryResolvers } from './product-queries'
import { productResolvers } from './products'
import { variantResolvers } from './variants'

export const resolvers: ResolverModule = mergeResolvers([
  channelResolvers,
  campaignResolvers,
  productQueryResolvers,
  productResolvers,
  pageQueryResolvers,
  engagementResolvers,
  variantResolvers,
])
