-- The payments service hosts every embedded test provider of src/shared/payment-kinds.ts (ADR
-- 0076): Lumopay's card page and the phone wallets' pages share its sessions, attempts and
-- callback deliveries, each session naming its provider. A wallet attempt keeps the last digits
-- of the phone the payment request went to instead of a card's last four.
ALTER TABLE lumopay_sessions
  ADD COLUMN provider text NOT NULL DEFAULT 'lumopay',
  -- the phone a wallet's payment request was sent to (last digits only), while it waits in the app
  ADD COLUMN phone_last_digits text CHECK (phone_last_digits ~ '^[0-9]{2,4}$');

ALTER TABLE lumopay_attempts
  ALTER COLUMN card_last4 DROP NOT NULL,
  ADD COLUMN phone_last_digits text CHECK (phone_last_digits ~ '^[0-9]{2,4}$'),
  DROP CONSTRAINT lumopay_attempts_outcome_check,
  ADD CONSTRAINT lumopay_attempts_outcome_check
    CHECK (outcome IN ('approved', 'card_refused', 'serial_returner', 'payment_declined'));
