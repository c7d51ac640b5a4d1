/** The ids of the membership modals of docs/product-rules.md#loyalty (rendered by src/app/layouts/shop-modals.tsx). */
export const MEMBERSHIP_MODAL_IDS = {
  joined: 'membership-joined',
  deleted: 'membership-deleted',
} as const
