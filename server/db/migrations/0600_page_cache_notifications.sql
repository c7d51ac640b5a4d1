-- The storefront's page cache (docs/adr/0014-page-cache.md) learns what changed through
-- notifications on the channel 'lumo_page_cache'. A payload is a comma-separated list of tags,
-- the same tags a cached page records while it renders (src/app/cache-tags.ts):
--   product:<id>  a product's price, stock status, texts or campaign membership changed
--   list          a product appeared or left the lists (insert, activation, category, brand)
--   catalogue     a discount campaign changed: prices and campaign lists of many pages
--   content       a content page changed
--   *             too much changed to name: drop every page
-- Statement-level triggers with transition tables send one notification per statement, so a
-- bulk write (the seed, an import) does not send one per row.

-- Sends the tags, or '*' when the list would not fit a notification (8000 bytes).
CREATE FUNCTION page_cache_notify(tags text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF tags IS NULL OR tags = '' THEN
    RETURN;
  END IF;
  PERFORM pg_notify('lumo_page_cache', CASE WHEN length(tags) > 7000 THEN '*' ELSE tags END);
END;
$$;

-- The stock line a shopper sees (server/services/graphql/catalogue/model.ts stockStatus, with
-- FEW_LEFT_THRESHOLD = 6; tests/integration/server/page-cache.test.ts keeps the two in step).
CREATE FUNCTION page_cache_stock_status(in_stock integer, oversellable integer, static_stock integer)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN static_stock > 0 THEN 'STATIC'
    WHEN in_stock > 6 THEN 'IN_STOCK'
    WHEN in_stock > 0 THEN 'FEW_LEFT'
    WHEN oversellable > 0 THEN 'OVERSELLABLE'
    ELSE 'OUT_OF_STOCK'
  END
$$;

-- Products named by the rows of a transition table: 'product:1,product:2'.
CREATE FUNCTION page_cache_product_tags(product_ids integer[]) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(DISTINCT 'product:' || id, ',') FROM unnest(product_ids) AS id
$$;

-- Prices: any change of a product's price in any market.
CREATE FUNCTION page_cache_prices_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM page_cache_notify(page_cache_product_tags(ARRAY(SELECT product_id FROM old_rows)));
  ELSE
    PERFORM page_cache_notify(page_cache_product_tags(ARRAY(SELECT product_id FROM new_rows)));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER product_prices_page_cache_insert AFTER INSERT ON product_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_prices_changed();
CREATE TRIGGER product_prices_page_cache_update AFTER UPDATE ON product_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_prices_changed();
CREATE TRIGGER product_prices_page_cache_delete AFTER DELETE ON product_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_prices_changed();

-- Stock: only a change of the status a shopper sees (in stock, few left, sold out, …) matters;
-- an order taking one of fifty units leaves every cached page right.
CREATE FUNCTION page_cache_stock_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM page_cache_notify(page_cache_product_tags(ARRAY(
    SELECT new_rows.product_id
    FROM new_rows JOIN old_rows USING (sku_id)
    WHERE page_cache_stock_status(new_rows.stock_in_stock, new_rows.stock_oversellable, new_rows.stock_static)
       IS DISTINCT FROM
          page_cache_stock_status(old_rows.stock_in_stock, old_rows.stock_oversellable, old_rows.stock_static)
       OR new_rows.incoming_on IS DISTINCT FROM old_rows.incoming_on
       OR new_rows.name IS DISTINCT FROM old_rows.name
  )));
  RETURN NULL;
END;
$$;
CREATE TRIGGER skus_page_cache_update AFTER UPDATE ON skus
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_stock_changed();

-- Sizes added or removed: the product's page and its stock line change.
CREATE FUNCTION page_cache_skus_added_or_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM page_cache_notify(page_cache_product_tags(ARRAY(SELECT product_id FROM old_rows)));
  ELSE
    PERFORM page_cache_notify(page_cache_product_tags(ARRAY(SELECT product_id FROM new_rows)));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER skus_page_cache_insert AFTER INSERT ON skus
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_skus_added_or_removed();
CREATE TRIGGER skus_page_cache_delete AFTER DELETE ON skus
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_skus_added_or_removed();

-- Products: a new one appears in lists; a change of what lists select by moves it. The sales
-- counter (bumped by every order) is left out: the bestseller order may lag by the cache's age.
CREATE FUNCTION page_cache_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM page_cache_notify('list');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM page_cache_notify(concat_ws(',', 'list', page_cache_product_tags(ARRAY(SELECT product_id FROM old_rows))));
  ELSE
    changed := page_cache_product_tags(ARRAY(
      SELECT new_rows.product_id FROM new_rows JOIN old_rows USING (product_id)
      WHERE (new_rows.is_active, new_rows.brand_id, new_rows.primary_category_id, new_rows.discount_type,
             new_rows.first_available_on, new_rows.is_collab, new_rows.is_sustainable, new_rows.is_petite,
             new_rows.is_outlet, new_rows.has_extended_sizes, new_rows.color_hex)
        IS DISTINCT FROM
            (old_rows.is_active, old_rows.brand_id, old_rows.primary_category_id, old_rows.discount_type,
             old_rows.first_available_on, old_rows.is_collab, old_rows.is_sustainable, old_rows.is_petite,
             old_rows.is_outlet, old_rows.has_extended_sizes, old_rows.color_hex)
    ));
    IF changed IS NOT NULL THEN
      PERFORM page_cache_notify('list,' || changed);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER products_page_cache_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_products_changed();
CREATE TRIGGER products_page_cache_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_products_changed();
CREATE TRIGGER products_page_cache_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_products_changed();

-- Product texts (name, description, alias).
CREATE FUNCTION page_cache_product_texts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM page_cache_notify(page_cache_product_tags(ARRAY(SELECT product_id FROM old_rows)));
  ELSE
    PERFORM page_cache_notify(page_cache_product_tags(ARRAY(SELECT product_id FROM new_rows)));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER product_texts_page_cache_update AFTER UPDATE ON product_texts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_product_texts_changed();
CREATE TRIGGER product_texts_page_cache_delete AFTER DELETE ON product_texts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION page_cache_product_texts_changed();

-- Discount campaigns (their dates, percentages, texts, products) change prices and campaign
-- lists across the shop. Their start and end times are handled by the cache itself: no entry
-- lives past the next campaign boundary.
CREATE FUNCTION page_cache_catalogue_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM page_cache_notify('catalogue');
  RETURN NULL;
END;
$$;
CREATE TRIGGER discount_campaigns_page_cache AFTER INSERT OR UPDATE OR DELETE ON discount_campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_catalogue_changed();
CREATE TRIGGER discount_campaign_texts_page_cache AFTER INSERT OR UPDATE OR DELETE ON discount_campaign_texts
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_catalogue_changed();
CREATE TRIGGER discount_campaign_products_page_cache AFTER INSERT OR UPDATE OR DELETE ON discount_campaign_products
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_catalogue_changed();

-- Content pages.
CREATE FUNCTION page_cache_content_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM page_cache_notify('content');
  RETURN NULL;
END;
$$;
CREATE TRIGGER content_pages_page_cache AFTER INSERT OR UPDATE OR DELETE ON content_pages
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_content_changed();
CREATE TRIGGER content_page_texts_page_cache AFTER INSERT OR UPDATE OR DELETE ON content_page_texts
  FOR EACH STATEMENT EXECUTE FUNCTION page_cache_content_changed();
