-- The commerce API keeps each market's shipping and payment options and its no-delivery zip rules
-- in process (server/services/graphql/checkout/options-cache.ts, docs/adr/0042-checkout-preview.md).
-- It learns that they changed through notifications on the channel 'lumo_checkout_options', sent
-- by the database itself so that every writer is covered (the admin, a migration, the seed).
-- Statement-level triggers send one notification per statement, and PostgreSQL folds identical
-- notifications of one transaction into one.

CREATE FUNCTION checkout_options_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lumo_checkout_options', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER shipping_options_checkout_options AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_options
  FOR EACH STATEMENT EXECUTE FUNCTION checkout_options_notify();
CREATE TRIGGER payment_options_checkout_options AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_options
  FOR EACH STATEMENT EXECUTE FUNCTION checkout_options_notify();
CREATE TRIGGER shipping_zip_rules_checkout_options AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_zip_rules
  FOR EACH STATEMENT EXECUTE FUNCTION checkout_options_notify();
