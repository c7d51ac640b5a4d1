-- The auth service (docs/adr/0018-auth-service.md). Everything an instance must share with the
-- others lives here: the public signing keys, the sign challenges, the refresh tokens and the
-- login-failure counters. Private signing keys stay in each instance's DATA_DIR.

-- Public halves of the ES256 signing keys, published as the JWKS. A retired key no longer signs
-- and stays published until the access tokens it signed have expired.
CREATE TABLE auth_signing_keys (
  kid text PRIMARY KEY,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

-- The login challenge: POST /auth/login {username} creates it (5 minutes), the sign endpoint
-- (API key) signs it once, the login that presents it uses it once. Only hashes are stored.
CREATE TABLE auth_sign_challenges (
  sign_hash text PRIMARY KEY,
  username text NOT NULL,
  signature_hash text,
  signed_at timestamptz,
  used_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_sign_challenges_expires_idx ON auth_sign_challenges (expires_at);

-- Refresh tokens, stored as SHA-256. One session (session_id, the JWT's `sid`) is a family of
-- tokens: each refresh uses one up and issues the next; presenting a used one again revokes the
-- family. lifetime_minutes NULL = remembered (7 days), else the sliding session lifetime.
CREATE TABLE auth_refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  lifetime_minutes integer CHECK (lifetime_minutes > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX auth_refresh_tokens_session_idx ON auth_refresh_tokens (session_id);
CREATE INDEX auth_refresh_tokens_user_idx ON auth_refresh_tokens (user_id);
CREATE INDEX auth_refresh_tokens_expires_idx ON auth_refresh_tokens (expires_at);

-- Failed logins, one row each, for the limit of 10 per account and per client address in 15
-- minutes. subject_hash = SHA-256 of 'account:<e-mail>' or 'address:<ip>' (no e-mails or
-- addresses kept in the clear).
CREATE TABLE auth_login_failures (
  failure_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject_hash text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_login_failures_subject_idx ON auth_login_failures (subject_hash, failed_at);
CREATE INDEX auth_login_failures_failed_at_idx ON auth_login_failures (failed_at);
