/** The catalogue area's resolvers: channel, products, categories, brands, list pages, reviews. */
import { mergeResolvers, type ResolverModule } from '../resolver-types'
import { channelResolvers } from './channel'
import { engagementResolvers } from './engagement'
import { pageQueryResolvers } from './page-queries'
import { productQueryResolvers } from './product-queries'
import { productResolvers } from './products'
import { variantResolvers } from './variants'

export const resolvers: ResolverModule = mergeResolvers([
  channelResolvers,
  productQueryResolvers,
  productResolvers,
  pageQueryResolvers,
  engagementResolvers,
  variantResolvers,
]) as ResolverModule
