-- The shop's origin an order was placed on (ADR 0057): without PUBLIC_URL the shop answers on
-- the address the shopper came from (127.0.0.1 or localhost), and the order's mails link there
-- so the journey never switches host. Null: the configured PUBLIC_URL.
ALTER TABLE orders ADD COLUMN shop_url text CHECK (shop_url IS NULL OR length(shop_url) <= 300);
