-- Vipps, Norway's phone wallet, as a payment kind (src/shared/payment-kinds.ts, ADR 0076).
INSERT INTO payment_kinds (kind) VALUES ('vipps');
