/**
 * A page from the shared page cache was rendered without the shopper's cookies (the server's
 * initServerState with `sharedPage`). After hydration the browser puts the shopper's own parts
 * back from the cookies the server would have read: the cart (loaded through the same-origin
 * BFF by the cart's listeners, with the spec's retries), the checkout market, the logged-in user
 * (asked from the server, which verifies the HttpOnly token: GET /api/session; the readable
 * `lumo-user` cookie is never believed), the last visited products and the loyalty membership. It runs before the listeners that would otherwise drop the cart cookie.
 */
import type { AppStore } from '../store'
import { COOKIES, parsePersistedStates, readCookie } from '../../shared/cookies'
import { isMarketAlias } from '../../shared/markets'
import { CART_ID_MAX_LENGTH, cartRestored } from '../../features/cart/slice'
import { restoreSession } from '../../features/auth/thunks'
import { checkoutMarketChanged } from '../../features/channel/slice'
import { lastVisitedRestored } from '../../features/lastVisited/slice'
import { membershipRestored, voucherIdSet } from '../../features/loyalty/slice'

export function restorePersonalState(store: AppStore): void {
  if (!store.getState().global.sharedPage) return
  const persisted = parsePersistedStates(readCookie(COOKIES.persistedStates))
  if (persisted.lastVisited) store.dispatch(lastVisitedRestored(persisted.lastVisited.productIds))
  if (persisted.loyalty) store.dispatch(membershipRestored(persisted.loyalty))
  const voucherId = readCookie(COOKIES.loyaltyVoucher)
  if (voucherId && voucherId.length <= 64) store.dispatch(voucherIdSet(voucherId))

  const checkoutMarket = readCookie(COOKIES.checkoutMarket)
  if (isMarketAlias(checkoutMarket) && checkoutMarket !== store.getState().channel.checkoutMarket)
    store.dispatch(checkoutMarketChanged(checkoutMarket))

  // the user of the verified token (GET /api/session), never the readable `lumo-user` cookie
  void store.dispatch(restoreSession())

  // the cart's status becomes 'loading', which the cart's listeners answer by loading it
  const cartId = readCookie(COOKIES.cart)
  if (cartId && cartId.length <= CART_ID_MAX_LENGTH) store.dispatch(cartRestored(cartId))
}
