-- Spec §3/§5: a cart has a minimum order value, shown to the shopper and enforced by placeOrder.
-- One per market, in minor units including VAT, compared with the goods after discounts (before
-- shipping, fees and gift-card or account balance). NULL: the market has no minimum.
-- Owned by the cart/checkout area (docs/adr/0004).
ALTER TABLE markets
  ADD COLUMN min_order_value_inc_vat integer
  CHECK (min_order_value_inc_vat IS NULL OR min_order_value_inc_vat >= 0);

-- Databases seeded before this migration get the seed's values (server/db/seed/fixtures.ts).
UPDATE markets SET min_order_value_inc_vat = 1000 WHERE alias = 'fi';
UPDATE markets SET min_order_value_inc_vat = 10000 WHERE alias IN ('se', 'no');
UPDATE markets SET min_order_value_inc_vat = 7500 WHERE alias = 'dk';
