-- The user API (issue #10, docs/adr/0020-user-api.md), owned by the GraphQL service's users area.

-- Password-reset keys: only the SHA-256 of the key is stored (the key itself is 32 random bytes,
-- so a fast hash is enough); one hour, single use. Deleting the user deletes its keys.
CREATE TABLE password_reset_keys (
  key_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_keys_user_idx ON password_reset_keys (user_id);

-- The mail service's outbox carries account mails too (the password-reset link). An order mail
-- keeps its order and its once-only claim (UNIQUE (order_id, kind)); an account mail has no order
-- and is queued by whoever writes it, with what the renderer needs in `payload`. The mail service
-- claims a queued row by moving it to 'sending' (one UPDATE, so one instance sends it) and clears
-- the payload once sent.
ALTER TABLE mail_messages ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE mail_messages DROP CONSTRAINT mail_messages_kind_check;
ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_kind_check
  CHECK (kind IN ('order-confirmation', 'password-reset'));
ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_order_kind_check
  CHECK ((kind = 'order-confirmation') = (order_id IS NOT NULL));
ALTER TABLE mail_messages DROP CONSTRAINT mail_messages_status_check;
ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_status_check
  CHECK (status IN ('queued', 'sending', 'sent', 'failed'));
ALTER TABLE mail_messages ALTER COLUMN attempts SET DEFAULT 1;
ALTER TABLE mail_messages ADD COLUMN payload jsonb;
CREATE INDEX mail_messages_queued_idx ON mail_messages (message_id) WHERE status = 'queued';

-- The customer form's SMS consent (UserType.sms).
ALTER TABLE users ADD COLUMN sms boolean NOT NULL DEFAULT false;

-- One review per customer and product: posting again updates the customer's review.
CREATE UNIQUE INDEX reviews_user_product_key ON reviews (product_id, user_id) WHERE user_id IS NOT NULL;

-- Shipments: a 'shipped' order event carries the parcel number and tracking link in `data`
-- ({ parcelNumber, trackingLink }); OrderType.shippingDetails lists them.
ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind IN ('status', 'payment', 'return_registered', 'refund', 'note', 'shipped'));
