/**
 * A members-only page seen by someone who is not a member. The rules (docs/product-rules.md#markets-and-urls) answer it with the not-found
 * status (the page exists for members only and search engines never see it), but the shopper is
 * told what the page is and how to get in (issue 29 item 4): the 404 carries this marker, and
 * the error page shows membership and joining instead of "page not found".
 */
import { isRouteErrorResponse } from 'react-router'

const MEMBERS_ONLY = 'members-only'

/** Thrown by the check-is-member middleware; the router reads the body into the error's data. */
export function membersOnlyResponse(): Response {
  return new Response(MEMBERS_ONLY, { status: 404, statusText: 'Not Found' })
}

/** The route error is a members-only page's 404 (not an unknown address). */
export function isMembersOnly(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404 && error.data === MEMBERS_ONLY
}
