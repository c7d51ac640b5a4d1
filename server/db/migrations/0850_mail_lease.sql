-- Mail outbox lease (docs/adr/0025-order-abuse-and-outbox.md): when a row was last claimed for
-- sending. A row left in 'sending' longer than the lease (its sender died mid-send) is claimed
-- again, up to the attempt limit, so every mail is sent at least once.
ALTER TABLE mail_messages ADD COLUMN claimed_at timestamptz;
UPDATE mail_messages SET claimed_at = created_at WHERE status = 'sending';
CREATE INDEX mail_messages_sending_idx ON mail_messages (claimed_at) WHERE status = 'sending';
