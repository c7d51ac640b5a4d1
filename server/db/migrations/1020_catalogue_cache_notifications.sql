-- The commerce API keeps catalogue facts that every request reads alike in process: the category
-- tree of each language and the facet counts of the lists shoppers open
-- (server/services/graphql/catalogue/catalogue-cache.ts). It learns that they changed through
-- notifications on the channel 'lumo_catalogue', sent by the database itself so that every writer
-- is covered (orders, the admin, an import, the seed):
--   listing     product_listing changed (its triggers follow every source table: prices, stock,
--               categories, sizes, campaign membership, parameters, reviews; ADR 0017)
--   labels      a table the facet labels or the category tree come from changed
-- Statement-level triggers send one notification per statement, and PostgreSQL folds identical
-- notifications of one transaction into one.

CREATE FUNCTION catalogue_cache_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lumo_catalogue', TG_ARGV[0]);
  RETURN NULL;
END;
$$;

CREATE TRIGGER product_listing_catalogue_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_listing
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_cache_notify('listing');

CREATE TRIGGER categories_catalogue_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_cache_notify('labels');
CREATE TRIGGER category_texts_catalogue_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_texts
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_cache_notify('labels');
CREATE TRIGGER brands_catalogue_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_cache_notify('labels');
CREATE TRIGGER discount_campaigns_catalogue_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discount_campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_cache_notify('labels');
CREATE TRIGGER discount_campaign_texts_catalogue_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discount_campaign_texts
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_cache_notify('labels');
CREATE TRIGGER parameters_catalogue_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON parameters
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_cache_notify('labels');
CREATE TRIGGER parameter_texts_catalogue_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON parameter_texts
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_cache_notify('labels');
CREATE TRIGGER parameter_values_catalogue_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON parameter_values
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_cache_notify('labels');
CREATE TRIGGER parameter_value_texts_catalogue_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON parameter_value_texts
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_cache_notify('labels');
