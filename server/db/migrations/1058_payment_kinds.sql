-- The payment kinds of src/shared/payment-kinds.ts as a reference table: payment options and
-- orders reference it instead of each holding its own CHECK list, so a new kind is its entry in
-- that module and one row here. tests/integration/db/payment-kinds.test.ts checks the two agree.
CREATE TABLE payment_kinds (
  kind text PRIMARY KEY
);
INSERT INTO payment_kinds (kind) VALUES ('card'), ('invoice');

ALTER TABLE payment_options
  DROP CONSTRAINT payment_options_kind_check,
  ADD CONSTRAINT payment_options_kind_fkey FOREIGN KEY (kind) REFERENCES payment_kinds (kind);

ALTER TABLE orders
  DROP CONSTRAINT orders_payment_kind_check,
  ADD CONSTRAINT orders_payment_kind_fkey FOREIGN KEY (payment_kind) REFERENCES payment_kinds (kind);
