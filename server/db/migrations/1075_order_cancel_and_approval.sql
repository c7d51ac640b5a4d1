-- Operator cancel and approval of orders (issue 31 row 6, ADR 0075).
--
-- A guest's invoice order (no account, nothing paid up front) holding more units than its
-- market's limit waits for an operator before it is shipped: `orders.awaiting_approval` is set at
-- placement, cleared by `POST /admin/api/orders/{id}/approve`; a cancel ends the wait as well.
-- The shopper sees the order as received, as any other order not yet shipped.
ALTER TABLE markets
  ADD COLUMN guest_invoice_units_limit integer NOT NULL DEFAULT 10 CHECK (guest_invoice_units_limit >= 0);

ALTER TABLE orders ADD COLUMN awaiting_approval boolean NOT NULL DEFAULT false;
-- the operator's list of orders to approve
CREATE INDEX orders_awaiting_approval_idx ON orders (order_id) WHERE awaiting_approval;
