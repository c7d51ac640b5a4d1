/** The login dialog's modal id (rendered by src/app/layouts/shop-modals.tsx, in a chunk of its own). */
export const LOGIN_MODAL_ID = 'login'
