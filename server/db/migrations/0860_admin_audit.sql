-- The back office's audit log (server/services/shared/admin.ts, docs/adr/0027-admin-api.md): every
-- change made through the admin API, who made it, when, to what, with the request's details. Rows
-- are only ever added; the admin API lists them (`npm run admin -- audit`).
CREATE TABLE admin_audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL CHECK (length(actor) BETWEEN 1 AND 80),
  action text NOT NULL CHECK (length(action) BETWEEN 1 AND 80),
  target text NOT NULL DEFAULT '' CHECK (length(target) <= 200),
  details jsonb NOT NULL
);
CREATE INDEX admin_audit_log_at_idx ON admin_audit_log (at DESC, id DESC);
CREATE INDEX admin_audit_log_action_idx ON admin_audit_log (action, at DESC);
