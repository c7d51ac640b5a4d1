/**
 * The add-to-cart interface for product pages and quick shop:
 * `const add = useAddToCart(); const result = await add({ skuId, quantity })` →
 * `{ ok: true }` or `{ ok: false, message }` (the message in the page's language).
 */
export { useAddToCart, type CartResult } from './hooks'
