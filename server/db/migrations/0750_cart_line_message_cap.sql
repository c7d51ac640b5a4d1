-- A cart line's message had no cap: a loop stored 65 MB in seconds (issue #15, finding 7). The API
-- refuses more than 500 characters (server/services/graphql/cart/service.ts); the database holds the
-- same line for any other writer. NOT VALID: rows written before this check are left as they are.
ALTER TABLE cart_items
  ADD CONSTRAINT cart_items_message_length CHECK (message IS NULL OR length(message) <= 500) NOT VALID;
