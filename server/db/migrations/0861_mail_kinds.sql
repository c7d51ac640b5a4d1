-- Any service may queue a mail of its own kind (server/contracts/mail.ts, ADR 0027): the list of
-- kinds is no longer fixed here, a kind is a lower-case word with dashes. An order confirmation
-- still needs its order, and only it.
ALTER TABLE mail_messages DROP CONSTRAINT mail_messages_kind_check;
ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_kind_check CHECK (kind ~ '^[a-z][a-z0-9-]{1,40}$');
