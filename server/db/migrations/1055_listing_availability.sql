-- Issue 27 part 4: lists open on what can be bought (docs/adr/0055-lists-open-on-what-can-be-bought.md).
-- Two more derived columns per listing row:
--   sizes_in_stock  the sizes with a buyable SKU (in stock, made to order or static stock): a size
--                   filter means "in stock in that size", and the size facet counts only these
--   stock_static    the static stock, which with stock_in_stock and stock_total tells the card's
--                   stock status (in stock, few left, made to order, sold out) and so the
--                   availability tier lists order by first (listing.ts, availabilityTier)
-- product_listing_rows and rebuild_product_listing return the new columns (at the table's end).
ALTER TABLE product_listing
  ADD COLUMN sizes_in_stock text[] NOT NULL DEFAULT '{}',
  ADD COLUMN stock_static bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION product_listing_rows(ids integer[]) RETURNS SETOF product_listing
LANGUAGE sql STABLE AS $$
  SELECT pp.market_alias, p.product_id, p.brand_id, p.primary_category_id, facts.languages,
         facts.category_ids, facts.sizes, facts.size_orders, facts.campaign_ids, facts.parameter_value_ids,
         pp.selling_price_inc_vat, pp.regular_price_inc_vat,
         round((pp.regular_price_inc_vat - pp.selling_price_inc_vat) * 100.0
               / NULLIF(pp.regular_price_inc_vat, 0))::integer,
         p.first_available_on, p.sales_count, p.is_outlet, p.is_sustainable, p.is_collab, p.is_petite,
         facts.stock_in_stock, facts.stock_total, facts.last_incoming_on, facts.rating_average,
         facts.sizes_in_stock, facts.stock_static
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
           st.stock_in_stock, st.stock_total, st.last_incoming_on, st.stock_static,
           ARRAY(SELECT s.name FROM skus s WHERE s.product_id = p.product_id GROUP BY s.name
                 HAVING sum(s.stock_in_stock + s.stock_oversellable + s.stock_static) > 0
                 ORDER BY s.name) AS sizes_in_stock,
           (SELECT avg(r.rating)::float8 FROM reviews r WHERE r.product_id = p.product_id) AS rating_average
    FROM (
      SELECT COALESCE(sum(s.stock_in_stock), 0) AS stock_in_stock,
             COALESCE(sum(s.stock_in_stock + s.stock_oversellable + s.stock_static), 0) AS stock_total,
             max(s.incoming_on) AS last_incoming_on, COALESCE(sum(s.stock_static), 0) AS stock_static
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

CREATE OR REPLACE FUNCTION rebuild_product_listing() RETURNS void
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
  ), sizes_in_stock AS (
    SELECT product_id, array_agg(name ORDER BY name) AS names FROM (
      SELECT product_id, name FROM skus GROUP BY product_id, name
      HAVING sum(stock_in_stock + stock_oversellable + stock_static) > 0) n
    GROUP BY product_id
  ), stock AS (
    SELECT product_id, sum(stock_in_stock) AS in_stock,
           sum(stock_in_stock + stock_oversellable + stock_static) AS total, max(incoming_on) AS last_incoming_on,
           sum(stock_static) AS static
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
         COALESCE(st.in_stock, 0), COALESCE(st.total, 0), st.last_incoming_on, r.average,
         COALESCE(sis.names, '{}'), COALESCE(st.static, 0)
  FROM products p
  JOIN product_prices pp ON pp.product_id = p.product_id
  LEFT JOIN texts t ON t.product_id = p.product_id
  LEFT JOIN categories c ON c.product_id = p.product_id
  LEFT JOIN sizes sz ON sz.product_id = p.product_id
  LEFT JOIN sizes_in_stock sis ON sis.product_id = p.product_id
  LEFT JOIN stock st ON st.product_id = p.product_id
  LEFT JOIN campaigns dc ON dc.product_id = p.product_id
  LEFT JOIN parameter_value_sets pv ON pv.product_id = p.product_id
  LEFT JOIN ratings r ON r.product_id = p.product_id
  WHERE p.is_active
  -- A market's rows side by side: a list reads the pages of its market only.
  ORDER BY pp.market_alias, p.product_id;
$$;

SELECT rebuild_product_listing();
