-- Issue 31 (docs/adr/0067-accounts-no-stranger-can-lock.md).

-- Sessions whose access tokens are refused before they expire: logout, a password change or
-- reset, a replayed refresh token. Every verifier of access tokens reads it (one primary-key
-- lookup of the token's `sid`); a row is needed only while a token of the session can still be
-- alive, so it expires with the last of them (expires_at) and is then deleted.
CREATE TABLE auth_revoked_sessions (
  session_id uuid PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_revoked_sessions_expires_idx ON auth_revoked_sessions (expires_at);

-- Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies") no longer
-- trusted: too many failed logins were made with them. device_id is the cookie's nonce (`jti`);
-- the row lives as long as the cookie would.
CREATE TABLE auth_revoked_devices (
  device_id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX auth_revoked_devices_expires_idx ON auth_revoked_devices (expires_at);
