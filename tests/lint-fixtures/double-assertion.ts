// lint-as: server/services/graphql/cart/double-assertion.ts
// A value forced into a type through `unknown` instead of given its real one (ADR 0078).
interface Cart {
  id: string
}
export function cartOf(row: { cart_id: number }): Cart {
  return row as unknown as Cart
}
