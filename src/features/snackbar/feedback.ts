/**
 * Which shop happenings the toast tells the shopper about (docs/product-rules.md#errors-and-feedback, issue
 * #13): favourites added and removed, a line removed from the cart, the cart changed in another
 * tab or on another device, a page or the cart that could not be loaded. (A product added to the
 * cart has its own popup; a copied link is toasted by the copy button itself.) Pure mapping plus
 * the listener that shows them; the texts are the four languages' `toast.*` messages.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import type { AppStore } from '../../app/store'
import { shopEventRecorded } from '../events/slice'
import { loadingFailed } from '../loading/slice'
import { cartLoadFailed } from '../cart/slice'
import { snackbarShown, type SnackbarType } from './slice'

export interface Feedback {
  /** message id */
  id: string
  type: SnackbarType
}

export function feedbackFor(action: UnknownAction): Feedback | null {
  if (loadingFailed.match(action)) return { id: 'toast.loadingFailed', type: 'error' }
  if (cartLoadFailed.match(action)) return { id: 'toast.cartLoadFailed', type: 'error' }
  if (!shopEventRecorded.match(action)) return null
  const { type, payload = {} } = action.payload
  switch (type) {
    case 'favorite:add':
      return { id: 'toast.favoriteAdded', type: 'success' }
    case 'favorite:remove':
      return { id: 'toast.favoriteRemoved', type: 'info' }
    case 'cart:remove':
      return { id: 'toast.cartItemRemoved', type: 'info' }
    case 'cart:changed':
      // this tab's own changes show in the cart itself; another tab's or device's would go unnoticed
      return payload.fromOtherTab === true ? { id: 'toast.cartChangedElsewhere', type: 'info' } : null
    default:
      return null
  }
}

export function startFeedbackToasts(store: AppStore, translate: (id: string) => string): () => void {
  return store.startListening({
    predicate: (action) => feedbackFor(action) !== null,
    effect: (action, api) => {
      const feedback = feedbackFor(action)
      if (feedback) api.dispatch(snackbarShown({ message: translate(feedback.id), type: feedback.type }))
    },
  })
}
