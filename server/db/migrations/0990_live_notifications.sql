-- Live updates (docs/adr/0036-live-updates.md): the commerce API's subscriptions learn what
-- changed through notifications on the channel 'lumo_live', sent by the database itself so that
-- every writer is covered (orders, the admin stock operation, a cancelled card order, an import).
-- A payload is one topic:
--   stock:<productId>            a size of the product changed its stock or incoming date
--   cart:<userId>:<cartId>       a logged-in customer's cart (or its lines) changed
-- Every instance listening to the same database receives every notification; PostgreSQL sends
-- an identical payload once per transaction, so a statement that touches many rows of one
-- product or cart sends one notification.

CREATE FUNCTION live_notify_each(topics text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  topic text;
BEGIN
  FOREACH topic IN ARRAY coalesce(topics, ARRAY[]::text[]) LOOP
    PERFORM pg_notify('lumo_live', topic);
  END LOOP;
END;
$$;

-- Stock: any change of a size's counts (an order taking the last but one unit changes the
-- "only 1 left" line even when the status stays FEW_LEFT).
CREATE FUNCTION live_stock_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify_each(ARRAY(
    SELECT DISTINCT 'stock:' || new_rows.product_id
    FROM new_rows JOIN old_rows USING (sku_id)
    WHERE new_rows.stock_in_stock IS DISTINCT FROM old_rows.stock_in_stock
       OR new_rows.stock_oversellable IS DISTINCT FROM old_rows.stock_oversellable
       OR new_rows.stock_static IS DISTINCT FROM old_rows.stock_static
       OR new_rows.incoming_on IS DISTINCT FROM old_rows.incoming_on
  ));
  RETURN NULL;
END;
$$;
CREATE TRIGGER skus_live_update AFTER UPDATE ON skus
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_stock_changed();

-- Carts: only a customer's cart is followed (an anonymous cart has no one to follow it).
CREATE FUNCTION live_carts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify_each(ARRAY(
    SELECT DISTINCT 'cart:' || user_id || ':' || cart_id FROM new_rows WHERE user_id IS NOT NULL
  ));
  RETURN NULL;
END;
$$;
CREATE TRIGGER carts_live_insert AFTER INSERT ON carts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_carts_changed();
CREATE TRIGGER carts_live_update AFTER UPDATE ON carts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_carts_changed();

-- Cart lines: the owner is read from the cart (a line deleted with its cart finds none).
CREATE FUNCTION live_cart_items_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM live_notify_each(ARRAY(
      SELECT DISTINCT 'cart:' || c.user_id || ':' || c.cart_id
      FROM old_rows JOIN carts c USING (cart_id) WHERE c.user_id IS NOT NULL
    ));
  ELSE
    PERFORM live_notify_each(ARRAY(
      SELECT DISTINCT 'cart:' || c.user_id || ':' || c.cart_id
      FROM new_rows JOIN carts c USING (cart_id) WHERE c.user_id IS NOT NULL
    ));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER cart_items_live_insert AFTER INSERT ON cart_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_cart_items_changed();
CREATE TRIGGER cart_items_live_update AFTER UPDATE ON cart_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_cart_items_changed();
CREATE TRIGGER cart_items_live_delete AFTER DELETE ON cart_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_cart_items_changed();
