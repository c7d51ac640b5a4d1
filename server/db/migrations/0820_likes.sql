-- The likes service (server/services/likes, docs/adr/0021-favourites-sync.md) keeps a customer's
-- favourites in user_favourites. A saved list has an order (newest first), so each row gets its
-- place in it; the rows of earlier data (the seed) keep place 0 and fall back to created_at.
ALTER TABLE user_favourites ADD COLUMN position integer NOT NULL DEFAULT 0 CHECK (position >= 0);
CREATE INDEX user_favourites_order_idx ON user_favourites (user_id, position);

-- Per customer: when the saved list last changed (answered as Last-Modified, so the storefront
-- can tell which copy is newer) and whether the favourites of the user's metaData were moved
-- into the service (spec §7 /migrated). Removed with the user.
CREATE TABLE user_favourites_sync (
  user_id uuid PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
  updated_at timestamptz,
  migrated_at timestamptz
);
