-- The pickup point and delivery estimate of an order (issue 29 item 5, ADR 0079). The point is a
-- snapshot of the pickup-point service's answer when the order was placed (id, carrier, name,
-- address, opening hours), so the receipt and the mails show it even if the directory changes;
-- the estimate is {"earliest": "YYYY-MM-DD", "latest": "YYYY-MM-DD"} of the order's shipping
-- option at that moment. Both NULL for orders without them.
ALTER TABLE orders ADD COLUMN pickup_point jsonb;
ALTER TABLE orders ADD COLUMN delivery_estimate jsonb;
