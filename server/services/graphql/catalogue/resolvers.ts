/** The catalogue area's resolvers: channel, products, categories, brands, list pages, reviews. */
import { mergeResolvers, type ResolverModule } from '../resolver-types'
import { channelResolvers } from './channel'

export const resolvers: ResolverModule = mergeResolvers([channelResolvers]) as ResolverModule
