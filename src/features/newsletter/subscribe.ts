/**
 * The newsletter subscription (docs/product-rules.md#mails-and-subscriptions: 15 % off a first purchase) through the commerce API's
 * subscribeToNewsletter mutation. Apollo's `gql` is imported on demand, like runQuery does, so the
 * home page's first-load JavaScript does not carry it (docs/adr/0006-data-loading.md).
 */
import type { ApolloClient } from '@apollo/client'
import { failureMessage } from '../../lib/too-many-attempts'
import subscribeMutation from '../../graphql/operations/subscribe-to-newsletter'
import type {
  SubscribeToNewsletterMutation,
  SubscribeToNewsletterMutationVariables,
} from '../../graphql/generated'

/** The outcome the form shows: done, the address was refused, or anything else went wrong. */
/** `minutes`: an abuse limit refused the sign-up (ADR 0024) until then. */
export type SubscribeResult = 'subscribed' | 'invalid-email' | 'failed' | { minutes: number }

/** The tag the subscription is stored with, so the welcome offer can be sent to these addresses. */
export const NEWSLETTER_OFFER_TAG = 'first-purchase-15'

function isBadEmailError(error: unknown): boolean {
  const errors = (error as { errors?: unknown } | null)?.errors
  if (!Array.isArray(errors)) return false
  return errors.some((entry: unknown) => {
    const extensions = (entry as { extensions?: { code?: unknown; field?: unknown } } | null)?.extensions
    return (
      extensions?.code === 'BAD_USER_INPUT' &&
      (extensions.field === undefined || extensions.field === 'email')
    )
  })
}

export async function subscribeToNewsletter(
  apollo: Pick<ApolloClient, 'mutate'>,
  email: string,
): Promise<SubscribeResult> {
  const { gql } = await import('@apollo/client')
  try {
    const result = await apollo.mutate<SubscribeToNewsletterMutation, SubscribeToNewsletterMutationVariables>(
      {
        mutation: gql(subscribeMutation),
        variables: { email: email.trim(), tags: [NEWSLETTER_OFFER_TAG] },
      },
    )
    return result.data?.subscribeToNewsletter ? 'subscribed' : 'failed'
  } catch (error) {
    if (isBadEmailError(error)) return 'invalid-email'
    return failureMessage(error, 'failed').values ?? 'failed'
  }
}
