-- A cart may carry one gift code besides its promo code: the code's balance pays part of the
-- order (a means of payment, not a discount). Owned by the cart/checkout area (docs/adr/0004).
ALTER TABLE carts ADD COLUMN gift_code text REFERENCES gift_codes (code);
