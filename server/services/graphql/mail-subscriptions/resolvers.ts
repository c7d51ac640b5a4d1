/**
 * The mail links' mutations (mail-links.graphql): the storefront's confirm and unsubscribe pages
 * send the token from the link; the token says which address and which action, so these need no
 * sign-in. A tampered or unknown token answers INVALID, never an error with details.
 */
import { z } from 'zod'
import type { GraphQLContext } from '../context'
import type { ResolverModule } from '../resolver-types'
import { parseArgs } from '../catalogue/validation'
import { ABUSE_LIMITS, countAttempt } from '../abuse-limits'
import { withdrawStockRequests } from './back-in-stock'
import { verifyMailLink } from './links'
import { confirmSubscription, unsubscribe, type LinkOutcome } from './newsletter'

type MailListKind = 'NEWSLETTER' | 'BACK_IN_STOCK'
interface MailLinkResult {
  outcome: LinkOutcome
  list: MailListKind | null
}

const TokenArgs = z.object({ token: z.string().max(2000, 'token is too long') })

async function confirmNewsletterSubscription(
  _parent: unknown,
  rawArgs: { token: string },
  ctx: GraphQLContext,
): Promise<MailLinkResult> {
  const { token } = parseArgs(TokenArgs, rawArgs)
  await countAttempt(ctx, ABUSE_LIMITS.newsletter)
  const check = verifyMailLink(ctx.config, token, ['newsletter-confirm'])
  if (!check.ok) return { outcome: check.reason === 'expired' ? 'EXPIRED' : 'INVALID', list: null }
  const outcome = await confirmSubscription(ctx.db, ctx.config, check.claims.e, check.claims.r)
  return { outcome, list: 'NEWSLETTER' }
}

async function unsubscribeFromMails(
  _parent: unknown,
  rawArgs: { token: string },
  ctx: GraphQLContext,
): Promise<MailLinkResult> {
  const { token } = parseArgs(TokenArgs, rawArgs)
  const check = verifyMailLink(ctx.config, token, ['newsletter-unsubscribe', 'back-in-stock-unsubscribe'])
  if (!check.ok) return { outcome: 'INVALID', list: null }
  const { p: purpose, e: email } = check.claims
  if (purpose === 'newsletter-unsubscribe')
    return { outcome: await unsubscribe(ctx.db, email), list: 'NEWSLETTER' }
  // A back-in-stock mail answers its request; unsubscribing withdraws the address's other ones.
  await withdrawStockRequests(ctx.db, email, new Date())
  return { outcome: 'DONE', list: 'BACK_IN_STOCK' }
}

export const resolvers: ResolverModule = {
  Mutation: { confirmNewsletterSubscription, unsubscribeFromMails },
}
