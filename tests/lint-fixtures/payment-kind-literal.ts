// lint-as: server/services/graphql/checkout/payment-kind-literal.ts
// A rule that names a payment kind instead of asking src/shared/payment-kinds.ts.
export function awaitsCard(order: { payment_kind: string; paid_at: Date | null }): boolean {
  return order.payment_kind === 'card' && order.paid_at === null
}
