-- Issue #9 item 4: product lists and facet counts read one row per product and market instead of
-- joining categories, SKUs, campaigns, parameters, stock and reviews per request (docs/adr/0017).
-- The table holds derived data only; triggers on every source table rebuild a product's rows in
-- the same transaction as the change, so a price or stock change shows in lists at once.
-- Language-dependent facts (names, search vectors) stay in product_texts, which is already
-- keyed and indexed by language; `languages` says which languages the product has texts in.
CREATE TABLE product_listing (
  market_alias text NOT NULL,
  product_id integer NOT NULL,
  brand_id integer NOT NULL,
  primary_category_id integer NOT NULL,
  languages text[] NOT NULL,
  -- product_categories (the category facet counts these; a filter also matches the primary)
  category_ids integer[] NOT NULL,
  -- distinct SKU names and, per name, its lowest sort_order (the size facet's order)
  sizes text[] NOT NULL,
  size_orders integer[] NOT NULL,
  -- every campaign the product is in; whether a campaign runs is decided at read time
  campaign_ids integer[] NOT NULL,
  parameter_value_ids integer[] NOT NULL,
  price bigint NOT NULL,                     -- selling price incl. VAT, minor units
  regular bigint NOT NULL,                   -- regular price incl. VAT, minor units
  discount_percent integer,                  -- rounded; NULL when the regular price is 0
  first_available_on date NOT NULL,
  sales_count integer NOT NULL,
  is_outlet boolean NOT NULL,
  is_sustainable boolean NOT NULL,
  is_collab boolean NOT NULL,
  is_petite boolean NOT NULL,
  stock_in_stock bigint NOT NULL,
  stock_total bigint NOT NULL,
  last_incoming_on date,                     -- the latest SKU restock date
  rating_average double precision,           -- NULL without reviews
  PRIMARY KEY (market_alias, product_id)
);
CREATE INDEX product_listing_brand_idx ON product_listing (market_alias, brand_id);
CREATE INDEX product_listing_category_idx ON product_listing USING gin (category_ids);
CREATE INDEX product_listing_campaign_idx ON product_listing USING gin (campaign_ids);
CREATE INDEX product_listing_product_idx ON product_listing (product_id);

-- The listing rows of the given active products (all when ids is NULL), one per priced market.
CREATE FUNCTION product_listing_rows(ids integer[]) RETURNS SETOF product_listing
LANGUAGE sql STABLE AS $$
  SELECT pp.market_alias, p.product_id, p.brand_id, p.primary_category_id, facts.languages,
         facts.category_ids, facts.sizes, facts.size_orders, facts.campaign_ids, facts.parameter_value_ids,
         pp.selling_price_inc_vat, pp.regular_price_inc_vat,
         round((pp.regular_price_inc_vat - pp.selling_price_inc_vat) * 100.0
               / NULLIF(pp.regular_price_inc_vat, 0))::integer,
         p.first_available_on, p.sales_count, p.is_outlet, p.is_sustainable, p.is_collab, p.is_petite,
         facts.stock_in_stock, facts.stock_total, facts.last_incoming_on, facts.rating_average
  FROM products p
  CROSS JOIN LATERAL (
    SELECT ARRAY(SELECT t.language FROM product_texts t WHERE t.product_id = p.product_id
                 ORDER BY t.language) AS languages,
           ARRAY(SELECT c.category_id FROM product_categories c WHERE c.product_id = p.product_id
                 ORDER BY c.category_id) AS category_ids,
           COALESCE(sz.names, '{}') AS sizes, COALESCE(sz.orders, '{}') AS size_orders,
           ARRAY(SELECT d.campaign_id FROM discount_campaign_products d WHERE d.product_id = p.product_id
                 ORDER BY d.campaign_id) AS campaign_ids,
           ARRAY(SELECT v.parameter_value_id FROM product_parameter_values v WHERE v.product_id = p.product_id
                 ORDER BY v.parameter_value_id) AS parameter_value_ids,
           st.stock_in_stock, st.stock_total, st.last_incoming_on,
           (SELECT avg(r.rating)::float8 FROM reviews r WHERE r.product_id = p.product_id) AS rating_average
    FROM (
      SELECT COALESCE(sum(s.stock_in_stock), 0) AS stock_in_stock,
             COALESCE(sum(s.stock_in_stock + s.stock_oversellable + s.stock_static), 0) AS stock_total,
             max(s.incoming_on) AS last_incoming_on
      FROM skus s WHERE s.product_id = p.product_id
    ) st,
    LATERAL (
      SELECT array_agg(n.name ORDER BY n.name) AS names, array_agg(n.sort_order ORDER BY n.name) AS orders
      FROM (SELECT s.name, min(s.sort_order) AS sort_order FROM skus s WHERE s.product_id = p.product_id
            GROUP BY s.name) n
    ) sz
  ) facts
  JOIN product_prices pp ON pp.product_id = p.product_id
  WHERE p.is_active AND (ids IS NULL OR p.product_id = ANY (ids))
$$;

-- Rebuilds the listing rows of the given products (a deleted or deactivated product loses them).
-- One transaction at a time (a transaction-scoped advisory lock, 'lumo-listing'): a second
-- refresh waits until the first commits, and its next statements then read the first one's
-- changes, so concurrent stock updates leave neither stale sums nor colliding rows. The refresh
-- runs at commit (deferred triggers below), when the writer's other locks are taken already, so
-- this lock is always the last one a transaction waits for and cannot close a deadlock cycle.
CREATE FUNCTION refresh_product_listing(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(x'6c697374'::bigint);
  DELETE FROM product_listing WHERE product_id = ANY (ids);
  INSERT INTO product_listing SELECT * FROM product_listing_rows(ids);
$$;

-- Rebuilds the whole table (after the seed's bulk load, which defers the triggers). The same
-- columns as product_listing_rows, aggregated per table in one pass each instead of looked up per
-- product: at 50,000 products that is seconds instead of minutes. The equivalence test
-- (tests/integration/graphql/listing.test.ts) reads a rebuilt table and then trigger-refreshed rows.
CREATE FUNCTION rebuild_product_listing() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM product_listing;
  WITH texts AS (
    SELECT product_id, array_agg(language ORDER BY language) AS languages FROM product_texts GROUP BY product_id
  ), categories AS (
    SELECT product_id, array_agg(category_id ORDER BY category_id) AS ids FROM product_categories GROUP BY product_id
  ), size_names AS (
    SELECT product_id, name, min(sort_order) AS sort_order FROM skus GROUP BY product_id, name
  ), sizes AS (
    SELECT product_id, array_agg(name ORDER BY name) AS names, array_agg(sort_order ORDER BY name) AS orders
    FROM size_names GROUP BY product_id
  ), stock AS (
    SELECT product_id, sum(stock_in_stock) AS in_stock,
           sum(stock_in_stock + stock_oversellable + stock_static) AS total, max(incoming_on) AS last_incoming_on
    FROM skus GROUP BY product_id
  ), campaigns AS (
    SELECT product_id, array_agg(campaign_id ORDER BY campaign_id) AS ids
    FROM discount_campaign_products GROUP BY product_id
  ), parameter_value_sets AS (
    SELECT product_id, array_agg(parameter_value_id ORDER BY parameter_value_id) AS ids
    FROM product_parameter_values GROUP BY product_id
  ), ratings AS (
    SELECT product_id, avg(rating)::float8 AS average FROM reviews GROUP BY product_id
  )
  INSERT INTO product_listing
  SELECT pp.market_alias, p.product_id, p.brand_id, p.primary_category_id, COALESCE(t.languages, '{}'),
         COALESCE(c.ids, '{}'), COALESCE(sz.names, '{}'), COALESCE(sz.orders, '{}'),
         COALESCE(dc.ids, '{}'), COALESCE(pv.ids, '{}'),
         pp.selling_price_inc_vat, pp.regular_price_inc_vat,
         round((pp.regular_price_inc_vat - pp.selling_price_inc_vat) * 100.0
               / NULLIF(pp.regular_price_inc_vat, 0))::integer,
         p.first_available_on, p.sales_count, p.is_outlet, p.is_sustainable, p.is_collab, p.is_petite,
         COALESCE(st.in_stock, 0), COALESCE(st.total, 0), st.last_incoming_on, r.average
  FROM products p
  JOIN product_prices pp ON pp.product_id = p.product_id
  LEFT JOIN texts t ON t.product_id = p.product_id
  LEFT JOIN categories c ON c.product_id = p.product_id
  LEFT JOIN sizes sz ON sz.product_id = p.product_id
  LEFT JOIN stock st ON st.product_id = p.product_id
  LEFT JOIN campaigns dc ON dc.product_id = p.product_id
  LEFT JOIN parameter_value_sets pv ON pv.product_id = p.product_id
  LEFT JOIN ratings r ON r.product_id = p.product_id
  WHERE p.is_active
  -- A market's rows side by side: a list reads the pages of its market only.
  ORDER BY pp.market_alias, p.product_id;
$$;

-- Row trigger for every source table with a product_id column (products itself included), run at
-- the writer's commit. The seed disables these triggers for its bulk load and rebuilds the table.
CREATE FUNCTION product_listing_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM refresh_product_listing(ARRAY[OLD.product_id]);
  ELSIF TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id THEN
    PERFORM refresh_product_listing(ARRAY[OLD.product_id, NEW.product_id]);
  ELSE
    PERFORM refresh_product_listing(ARRAY[NEW.product_id]);
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER products_listing AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_listing_follow();
CREATE CONSTRAINT TRIGGER product_texts_listing AFTER INSERT OR DELETE OR UPDATE OF product_id, language ON product_texts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_listing_follow();
CREATE CONSTRAINT TRIGGER product_categories_listing AFTER INSERT OR UPDATE OR DELETE ON product_categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_listing_follow();
CREATE CONSTRAINT TRIGGER skus_listing AFTER INSERT OR UPDATE OR DELETE ON skus
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_listing_follow();
CREATE CONSTRAINT TRIGGER product_prices_listing AFTER INSERT OR UPDATE OR DELETE ON product_prices
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_listing_follow();
CREATE CONSTRAINT TRIGGER discount_campaign_products_listing AFTER INSERT OR UPDATE OR DELETE ON discount_campaign_products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_listing_follow();
CREATE CONSTRAINT TRIGGER product_parameter_values_listing AFTER INSERT OR UPDATE OR DELETE ON product_parameter_values
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_listing_follow();
CREATE CONSTRAINT TRIGGER reviews_listing AFTER INSERT OR DELETE OR UPDATE OF product_id, rating ON reviews
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_listing_follow();

-- Databases that already hold a catalogue get their listing now.
SELECT rebuild_product_listing();
