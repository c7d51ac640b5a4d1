-- The search service's in-memory index (server/services/search/memory-index.ts, ADR 0040) follows
-- the database through this log: every product whose search document or listing row was
-- written, in order. Each instance remembers the last change_id it applied and reloads only the
-- products logged after it. The indexer round deletes entries older than an hour.
CREATE TABLE search_changes (
  change_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id integer NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_changes_changed_at_idx ON search_changes (changed_at);

CREATE FUNCTION search_changes_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (product_id) SELECT DISTINCT product_id FROM old_rows;
  ELSE
    INSERT INTO search_changes (product_id) SELECT DISTINCT product_id FROM new_rows;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER search_documents_changes_insert AFTER INSERT ON search_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_follow();
CREATE TRIGGER search_documents_changes_delete AFTER DELETE ON search_documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_follow();
CREATE TRIGGER product_listing_changes_insert AFTER INSERT ON product_listing
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_follow();
CREATE TRIGGER product_listing_changes_update AFTER UPDATE ON product_listing
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_follow();
CREATE TRIGGER product_listing_changes_delete AFTER DELETE ON product_listing
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_changes_follow();
