-- Lumo commerce schema, version 1.
--
-- Conventions (docs/adr/0002-database.md):
-- * Money is integer minor units (cents, öre, øre) in bigint columns named *_inc_vat / *_ex_vat.
--   Never float, never numeric. VAT rates are integer basis points (25.5 % = 2550).
-- * Per-language texts live in *_texts tables keyed by (id, language); aliases are unique per language.
-- * Catalogue ids (products, skus, categories, brands, ...) are integers chosen by the seed/import so
--   that they are stable; rows the shop creates at run time (orders, reviews, ...) use identities.
-- * Only SQL that runs on both PGlite (PostgreSQL 18) and PostgreSQL 15: no uuidv7(), no PG16+ syntax.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- ---------------------------------------------------------------------------------------------
-- Markets and languages
-- ---------------------------------------------------------------------------------------------

CREATE TABLE languages (
  code text PRIMARY KEY CHECK (code IN ('fi', 'sv', 'nb', 'da')),
  iso text NOT NULL UNIQUE,                 -- 'fi-FI'
  name text NOT NULL,                       -- the language's own name
  ts_config regconfig NOT NULL,             -- full-text configuration: finnish, swedish, norwegian, danish
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE markets (
  alias text PRIMARY KEY CHECK (alias IN ('fi', 'se', 'no', 'dk')),
  market_id text NOT NULL UNIQUE,            -- Geins MarketType.id, e.g. '1|fi'
  country_code text NOT NULL UNIQUE,         -- ISO 3166-1 alpha-2
  country_name text NOT NULL,
  currency_code text NOT NULL CHECK (currency_code IN ('EUR', 'SEK', 'NOK', 'DKK')),
  currency_name text NOT NULL,
  currency_symbol text NOT NULL,
  vat_rate_bp integer NOT NULL CHECK (vat_rate_bp >= 0 AND vat_rate_bp < 10000),
  default_language text NOT NULL REFERENCES languages (code),
  group_key text NOT NULL DEFAULT 'default',
  is_virtual boolean NOT NULL DEFAULT false,
  only_display_in_checkout boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE market_languages (
  market_alias text NOT NULL REFERENCES markets (alias) ON DELETE CASCADE,
  language text NOT NULL REFERENCES languages (code),
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (market_alias, language)
);

-- ---------------------------------------------------------------------------------------------
-- Catalogue: categories, brands, products, skus
-- ---------------------------------------------------------------------------------------------

CREATE TABLE categories (
  category_id integer PRIMARY KEY CHECK (category_id > 0),
  parent_id integer REFERENCES categories (category_id) ON DELETE RESTRICT, -- NULL = root level
  sort_order integer NOT NULL DEFAULT 0,
  is_hidden boolean NOT NULL DEFAULT false,
  image_file_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_id IS NULL OR parent_id <> category_id)
);
CREATE INDEX categories_parent_idx ON categories (parent_id, sort_order);

CREATE TABLE category_texts (
  category_id integer NOT NULL REFERENCES categories (category_id) ON DELETE CASCADE,
  language text NOT NULL REFERENCES languages (code),
  name text NOT NULL,
  alias text NOT NULL CHECK (alias ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  description text,
  secondary_description text,
  meta_title text,
  meta_description text,
  PRIMARY KEY (category_id, language),
  UNIQUE (language, alias)
);

CREATE TABLE brands (
  brand_id integer PRIMARY KEY CHECK (brand_id > 0),
  alias text NOT NULL UNIQUE CHECK (alias ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text NOT NULL,
  logo_file_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX brands_name_trgm_idx ON brands USING gin (name gin_trgm_ops);

CREATE TABLE brand_texts (
  brand_id integer NOT NULL REFERENCES brands (brand_id) ON DELETE CASCADE,
  language text NOT NULL REFERENCES languages (code),
  description text NOT NULL,
  PRIMARY KEY (brand_id, language)
);

CREATE TABLE products (
  product_id integer PRIMARY KEY CHECK (product_id > 0),
  article_number text NOT NULL UNIQUE,
  brand_id integer NOT NULL REFERENCES brands (brand_id),
  primary_category_id integer NOT NULL REFERENCES categories (category_id),
  -- The 'new' badge is computed at read time: first_available_on within the last 30 days.
  first_available_on date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  discount_type text NOT NULL DEFAULT 'NONE'
    CHECK (discount_type IN ('NONE', 'SALE_PRICE', 'PRICE_CAMPAIGN', 'EXTERNAL')),
  is_active boolean NOT NULL DEFAULT true,
  is_collab boolean NOT NULL DEFAULT false,
  is_sustainable boolean NOT NULL DEFAULT false,
  is_petite boolean NOT NULL DEFAULT false,
  is_outlet boolean NOT NULL DEFAULT false,
  has_extended_sizes boolean NOT NULL DEFAULT false, -- the 'sizes' badge (curve / extended size range)
  color_hex text CHECK (color_hex ~ '^#[0-9a-f]{6}$'),
  -- Units sold, for the bestseller list and MOST_SOLD sort; incremented when an order is placed.
  sales_count integer NOT NULL DEFAULT 0 CHECK (sales_count >= 0),
  weight_grams integer NOT NULL DEFAULT 0 CHECK (weight_grams >= 0)
);
CREATE INDEX products_brand_idx ON products (brand_id);
CREATE INDEX products_primary_category_idx ON products (primary_category_id);
CREATE INDEX products_first_available_idx ON products (first_available_on DESC, product_id);
CREATE INDEX products_sales_idx ON products (sales_count DESC, product_id);

CREATE TABLE product_texts (
  product_id integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  language text NOT NULL REFERENCES languages (code),
  name text NOT NULL,
  alias text NOT NULL CHECK (alias ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  text1 text NOT NULL DEFAULT '',            -- the description
  text2 text NOT NULL DEFAULT '',
  text3 text NOT NULL DEFAULT '',
  meta_title text,
  meta_description text,
  meta_keywords text,
  -- Extra searchable words the writer keeps up to date (brand, colour, category names).
  search_keywords text NOT NULL DEFAULT '',
  -- Each language's stemmer; the configs are constants so the expression stays immutable.
  search_vector tsvector GENERATED ALWAYS AS (CASE language
    WHEN 'fi' THEN setweight(to_tsvector('finnish', name), 'A')
      || setweight(to_tsvector('finnish', search_keywords), 'B') || setweight(to_tsvector('finnish', text1), 'C')
    WHEN 'sv' THEN setweight(to_tsvector('swedish', name), 'A')
      || setweight(to_tsvector('swedish', search_keywords), 'B') || setweight(to_tsvector('swedish', text1), 'C')
    WHEN 'nb' THEN setweight(to_tsvector('norwegian', name), 'A')
      || setweight(to_tsvector('norwegian', search_keywords), 'B') || setweight(to_tsvector('norwegian', text1), 'C')
    WHEN 'da' THEN setweight(to_tsvector('danish', name), 'A')
      || setweight(to_tsvector('danish', search_keywords), 'B') || setweight(to_tsvector('danish', text1), 'C')
  END) STORED,
  PRIMARY KEY (product_id, language),
  UNIQUE (language, alias)
);
CREATE INDEX product_texts_search_idx ON product_texts USING gin (search_vector);
CREATE INDEX product_texts_name_trgm_idx ON product_texts USING gin (name gin_trgm_ops);

CREATE TABLE product_categories (
  product_id integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories (category_id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category_idx ON product_categories (category_id, product_id);

CREATE TABLE skus (
  sku_id integer PRIMARY KEY CHECK (sku_id > 0),
  product_id integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  article_number text NOT NULL UNIQUE,
  name text NOT NULL,                        -- the size label: 'S', '38', 'One size'
  gtin text,
  sort_order integer NOT NULL DEFAULT 0,
  -- Stock (Geins StockType): totalStock = in_stock + oversellable + static_stock.
  -- in_stock is decremented by orders and never negative; static_stock is never decremented.
  stock_in_stock integer NOT NULL DEFAULT 0 CHECK (stock_in_stock >= 0),
  stock_oversellable integer NOT NULL DEFAULT 0 CHECK (stock_oversellable >= 0),
  stock_static integer NOT NULL DEFAULT 0 CHECK (stock_static >= 0),
  incoming_on date,                          -- expected restock / first delivery date
  weight_grams integer NOT NULL DEFAULT 0 CHECK (weight_grams >= 0)
);
CREATE INDEX skus_product_idx ON skus (product_id, sort_order);
CREATE INDEX skus_name_idx ON skus (name);

-- ---------------------------------------------------------------------------------------------
-- Prices: per product and market, plus the daily log for the 30-day lowest price rule
-- ---------------------------------------------------------------------------------------------

CREATE TABLE product_prices (
  product_id integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  market_alias text NOT NULL REFERENCES markets (alias),
  regular_price_inc_vat bigint NOT NULL CHECK (regular_price_inc_vat >= 0),
  selling_price_inc_vat bigint NOT NULL CHECK (selling_price_inc_vat >= 0),
  vat_rate_bp integer NOT NULL CHECK (vat_rate_bp >= 0 AND vat_rate_bp < 10000),
  PRIMARY KEY (product_id, market_alias),
  CHECK (selling_price_inc_vat <= regular_price_inc_vat)
);
CREATE INDEX product_prices_market_selling_idx ON product_prices (market_alias, selling_price_inc_vat, product_id);

-- One row per product, market and day the selling price was in force (the day it changed and
-- the days sampled after it). The lowest price of the 30 days before a discount is the minimum here.
CREATE TABLE price_log (
  product_id integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  market_alias text NOT NULL REFERENCES markets (alias),
  logged_on date NOT NULL,
  selling_price_inc_vat bigint NOT NULL CHECK (selling_price_inc_vat >= 0),
  regular_price_inc_vat bigint NOT NULL CHECK (regular_price_inc_vat >= 0),
  PRIMARY KEY (product_id, market_alias, logged_on)
);

-- ---------------------------------------------------------------------------------------------
-- Discount campaigns
-- ---------------------------------------------------------------------------------------------

CREATE TABLE discount_campaigns (
  campaign_id integer PRIMARY KEY CHECK (campaign_id > 0),
  name text NOT NULL,                        -- internal name
  discount_percentage integer NOT NULL CHECK (discount_percentage > 0 AND discount_percentage < 100),
  hide_title boolean NOT NULL DEFAULT false,
  active_from timestamptz,
  active_to timestamptz,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE discount_campaign_texts (
  campaign_id integer NOT NULL REFERENCES discount_campaigns (campaign_id) ON DELETE CASCADE,
  language text NOT NULL REFERENCES languages (code),
  name text NOT NULL,
  alias text NOT NULL CHECK (alias ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  description text,
  PRIMARY KEY (campaign_id, language),
  UNIQUE (language, alias)
);

CREATE TABLE discount_campaign_products (
  campaign_id integer NOT NULL REFERENCES discount_campaigns (campaign_id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  PRIMARY KEY (campaign_id, product_id)
);
CREATE INDEX discount_campaign_products_product_idx ON discount_campaign_products (product_id);

-- ---------------------------------------------------------------------------------------------
-- Parameters: groups (group 1 holds Color), parameters, values, per product
-- ---------------------------------------------------------------------------------------------

CREATE TABLE parameter_groups (
  parameter_group_id integer PRIMARY KEY CHECK (parameter_group_id > 0),
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE parameter_group_texts (
  parameter_group_id integer NOT NULL REFERENCES parameter_groups (parameter_group_id) ON DELETE CASCADE,
  language text NOT NULL REFERENCES languages (code),
  name text NOT NULL,
  PRIMARY KEY (parameter_group_id, language)
);

CREATE TABLE parameters (
  parameter_id integer PRIMARY KEY CHECK (parameter_id > 0),
  parameter_group_id integer NOT NULL REFERENCES parameter_groups (parameter_group_id),
  name text NOT NULL UNIQUE,                 -- language-independent identifier: 'Color', 'Material', ...
  sort_order integer NOT NULL DEFAULT 0,
  is_shown boolean NOT NULL DEFAULT true,
  is_filter boolean NOT NULL DEFAULT false
);

CREATE TABLE parameter_texts (
  parameter_id integer NOT NULL REFERENCES parameters (parameter_id) ON DELETE CASCADE,
  language text NOT NULL REFERENCES languages (code),
  label text NOT NULL,
  PRIMARY KEY (parameter_id, language)
);

CREATE TABLE parameter_values (
  parameter_value_id integer PRIMARY KEY CHECK (parameter_value_id > 0),
  parameter_id integer NOT NULL REFERENCES parameters (parameter_id) ON DELETE CASCADE,
  identifier text NOT NULL,                  -- language-independent: 'black', 'cotton', '176'
  sort_order integer NOT NULL DEFAULT 0,
  UNIQUE (parameter_id, identifier)
);

CREATE TABLE parameter_value_texts (
  parameter_value_id integer NOT NULL REFERENCES parameter_values (parameter_value_id) ON DELETE CASCADE,
  language text NOT NULL REFERENCES languages (code),
  value text NOT NULL,
  PRIMARY KEY (parameter_value_id, language)
);

CREATE TABLE product_parameter_values (
  product_id integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  parameter_id integer NOT NULL REFERENCES parameters (parameter_id),
  parameter_value_id integer NOT NULL REFERENCES parameter_values (parameter_value_id),
  PRIMARY KEY (product_id, parameter_id)
);
CREATE INDEX product_parameter_values_value_idx ON product_parameter_values (parameter_value_id, product_id);

-- ---------------------------------------------------------------------------------------------
-- Images: bytes live in the database keyed by file name, so /img finds them by file name alone
-- ---------------------------------------------------------------------------------------------

CREATE TABLE images (
  file_name text PRIMARY KEY CHECK (file_name ~ '^[a-z0-9][a-z0-9._-]*$'),
  content_type text NOT NULL,                -- 'image/svg+xml', 'image/jpeg', ...
  svg text,                                  -- vector images (the seed draws these)
  data bytea,                                -- raster images
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((svg IS NOT NULL) <> (data IS NOT NULL))
);

CREATE TABLE product_images (
  product_id integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  file_name text NOT NULL REFERENCES images (file_name),
  sort_order integer NOT NULL DEFAULT 0,
  tags text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (product_id, file_name)
);
CREATE INDEX product_images_order_idx ON product_images (product_id, sort_order);

-- ---------------------------------------------------------------------------------------------
-- Users and reviews
-- ---------------------------------------------------------------------------------------------

CREATE TABLE users (
  user_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(email) AND position('@' IN email) > 1),
  password_hash text,                        -- set by the auth service; NULL = no password yet
  customer_type text NOT NULL DEFAULT 'PERSON',
  member_type text,                          -- e.g. 'NOCREDIT-LIMITED' (see member_types)
  member_id text,
  personal_id text,
  organization_id text,
  gender text NOT NULL DEFAULT 'UNSET' CHECK (gender IN ('UNSET', 'UNSPECIFIED', 'WOMAN', 'MAN')),
  first_name text,
  last_name text,
  phone text,
  newsletter boolean NOT NULL DEFAULT false,
  address jsonb,                             -- AddressType fields
  meta_data text,                            -- free JSON text the storefront owns (favourites list ...)
  market_alias text REFERENCES markets (alias),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (email)
);

CREATE TABLE user_balances (
  user_id uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  currency_code text NOT NULL CHECK (currency_code IN ('EUR', 'SEK', 'NOK', 'DKK')),
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  PRIMARY KEY (user_id, currency_code)
);

CREATE TABLE user_favourites (
  user_id uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  product_id integer NOT NULL,               -- no FK: a favourite may outlive a removed product
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product_id)
);

CREATE TABLE reviews (
  review_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (user_id) ON DELETE SET NULL,
  author text NOT NULL CHECK (length(author) BETWEEN 1 AND 100),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 5000),
  language text NOT NULL REFERENCES languages (code),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reviews_product_idx ON reviews (product_id, created_at DESC);

-- ---------------------------------------------------------------------------------------------
-- Promo codes and gift codes
-- ---------------------------------------------------------------------------------------------

-- Codes match case-insensitively: they are stored upper case.
CREATE TABLE promo_codes (
  code text PRIMARY KEY CHECK (code = upper(code) AND length(code) BETWEEN 2 AND 64),
  kind text NOT NULL CHECK (kind IN ('percentage', 'fixed')),
  percentage integer CHECK (percentage > 0 AND percentage <= 100),
  description text,
  active_from timestamptz,
  active_to timestamptz,
  max_uses integer CHECK (max_uses > 0),     -- NULL = unlimited
  used_count integer NOT NULL DEFAULT 0 CHECK (used_count >= 0),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'percentage') = (percentage IS NOT NULL)),
  CHECK (max_uses IS NULL OR used_count <= max_uses)
);

-- A promo code is valid in the markets it has a row for.
CREATE TABLE promo_code_markets (
  code text NOT NULL REFERENCES promo_codes (code) ON DELETE CASCADE,
  market_alias text NOT NULL REFERENCES markets (alias),
  amount_off_inc_vat bigint CHECK (amount_off_inc_vat > 0),   -- for kind 'fixed'
  min_order_value_inc_vat bigint NOT NULL DEFAULT 0 CHECK (min_order_value_inc_vat >= 0),
  PRIMARY KEY (code, market_alias)
);

CREATE TABLE gift_codes (
  code text PRIMARY KEY CHECK (code = upper(code) AND length(code) BETWEEN 4 AND 64),
  currency_code text NOT NULL CHECK (currency_code IN ('EUR', 'SEK', 'NOK', 'DKK')),
  initial_amount bigint NOT NULL CHECK (initial_amount > 0),
  balance bigint NOT NULL CHECK (balance >= 0),
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (balance <= initial_amount)
);

-- ---------------------------------------------------------------------------------------------
-- Shipping and payment options, customer-status rules
-- ---------------------------------------------------------------------------------------------

CREATE TABLE shipping_options (
  shipping_option_id integer PRIMARY KEY CHECK (shipping_option_id > 0),
  market_alias text NOT NULL REFERENCES markets (alias),
  name text NOT NULL,                        -- internal name, e.g. 'posti-parcel'
  display_names jsonb NOT NULL,              -- {"fi": "...", "sv": "..."}: per allowed language
  fee_inc_vat bigint NOT NULL CHECK (fee_inc_vat >= 0),
  vat_rate_bp integer NOT NULL CHECK (vat_rate_bp >= 0 AND vat_rate_bp < 10000),
  -- Free shipping when the cart's selling total inc VAT reaches this; NULL = never free.
  free_shipping_threshold_inc_vat bigint CHECK (free_shipping_threshold_inc_vat >= 0),
  is_default boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  UNIQUE (market_alias, name)
);

-- Zip ranges (inclusive, compared as digit strings of the market's zip length, spaces removed).
CREATE TABLE shipping_zip_rules (
  rule_id integer PRIMARY KEY CHECK (rule_id > 0),
  market_alias text NOT NULL REFERENCES markets (alias),
  shipping_option_id integer REFERENCES shipping_options (shipping_option_id) ON DELETE CASCADE, -- NULL = all
  zip_from text NOT NULL CHECK (zip_from ~ '^[0-9]+$'),
  zip_to text NOT NULL CHECK (zip_to ~ '^[0-9]+$'),
  rule text NOT NULL CHECK (rule IN ('no_delivery')),
  description text NOT NULL,
  CHECK (length(zip_from) = length(zip_to) AND zip_from <= zip_to)
);

CREATE TABLE payment_options (
  payment_option_id integer PRIMARY KEY CHECK (payment_option_id > 0),
  market_alias text NOT NULL REFERENCES markets (alias),
  kind text NOT NULL CHECK (kind IN ('card', 'invoice')),
  display_names jsonb NOT NULL,
  fee_inc_vat bigint NOT NULL DEFAULT 0 CHECK (fee_inc_vat >= 0),
  payment_type text NOT NULL DEFAULT 'STANDARD',    -- Geins PaymentOptionType.paymentType
  checkout_type text NOT NULL DEFAULT 'STANDARD',   -- Geins PaymentOptionType.checkoutType
  is_default boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  UNIQUE (market_alias, kind)
);

-- Order-validation rules keyed by e-mail: the message is what validateOrderCreation answers.
CREATE TABLE customer_email_rules (
  email text PRIMARY KEY CHECK (email = lower(email)),
  status text NOT NULL CHECK (status IN ('blacklisted', 'invalid_email')),
  message text NOT NULL                      -- 'Customer is blacklisted' / 'Email seems to be invalid'
);

-- Member types and the payment kinds they may not use (NOCREDIT-* blocks invoice).
CREATE TABLE member_types (
  member_type text PRIMARY KEY,
  blocked_payment_kinds text[] NOT NULL DEFAULT '{}',
  description text NOT NULL
);

-- ---------------------------------------------------------------------------------------------
-- Content, newsletter, stock monitors
-- ---------------------------------------------------------------------------------------------

CREATE TABLE content_pages (
  page_id integer PRIMARY KEY CHECK (page_id > 0),
  key text NOT NULL UNIQUE,                  -- language-independent: 'about', 'terms', ...
  kind text NOT NULL CHECK (kind IN ('page', 'inspiration', 'member', 'style')),
  is_published boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- body is plain text: paragraphs separated by blank lines. Render it as text, never as HTML.
CREATE TABLE content_page_texts (
  page_id integer NOT NULL REFERENCES content_pages (page_id) ON DELETE CASCADE,
  language text NOT NULL REFERENCES languages (code),
  alias text NOT NULL CHECK (alias ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text NOT NULL,
  body text NOT NULL,
  meta_description text,
  PRIMARY KEY (page_id, language),
  UNIQUE (language, alias)
);

CREATE TABLE newsletter_subscriptions (
  email text PRIMARY KEY CHECK (email = lower(email)),
  market_alias text REFERENCES markets (alias),
  language text REFERENCES languages (code),
  tags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  unsubscribed_at timestamptz
);

CREATE TABLE stock_monitors (
  monitor_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  email text NOT NULL CHECK (email = lower(email)),
  sku_id integer NOT NULL REFERENCES skus (sku_id) ON DELETE CASCADE,
  market_alias text REFERENCES markets (alias),
  language text REFERENCES languages (code),
  created_at timestamptz NOT NULL DEFAULT now(),
  notified_at timestamptz,
  UNIQUE (email, sku_id)
);
CREATE INDEX stock_monitors_sku_idx ON stock_monitors (sku_id) WHERE notified_at IS NULL;

-- ---------------------------------------------------------------------------------------------
-- Carts, checkouts, orders
-- ---------------------------------------------------------------------------------------------

CREATE TABLE carts (
  cart_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  market_alias text NOT NULL REFERENCES markets (alias),
  user_id uuid REFERENCES users (user_id) ON DELETE SET NULL,
  promo_code text,                           -- upper case; validity is checked when the cart is priced
  merchant_data text,
  is_completed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carts_user_idx ON carts (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE cart_items (
  item_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  cart_id uuid NOT NULL REFERENCES carts (cart_id) ON DELETE CASCADE,
  sku_id integer NOT NULL REFERENCES skus (sku_id),
  quantity integer NOT NULL CHECK (quantity > 0),
  message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, sku_id)
);

CREATE TABLE checkouts (
  cart_id uuid PRIMARY KEY REFERENCES carts (cart_id) ON DELETE CASCADE,
  data jsonb NOT NULL,                       -- the last CheckoutInputType the shopper sent
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
  order_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  public_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  cart_id uuid NOT NULL UNIQUE REFERENCES carts (cart_id), -- one order per cart: the idempotency key
  user_id uuid REFERENCES users (user_id) ON DELETE SET NULL,
  market_alias text NOT NULL REFERENCES markets (alias),
  language text NOT NULL REFERENCES languages (code),
  currency_code text NOT NULL CHECK (currency_code IN ('EUR', 'SEK', 'NOK', 'DKK')),
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  zip text NOT NULL,
  customer_type text NOT NULL DEFAULT 'PERSON',
  personal_id text,
  billing_address jsonb NOT NULL,
  shipping_address jsonb NOT NULL,
  message text,
  status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'processing', 'completed', 'cancelled')),
  payment_option_id integer REFERENCES payment_options (payment_option_id),
  payment_kind text NOT NULL CHECK (payment_kind IN ('card', 'invoice')),
  payment_reference text,                    -- the payment provider's transaction id
  paid_at timestamptz,
  shipping_option_id integer REFERENCES shipping_options (shipping_option_id),
  shipping_method text NOT NULL,             -- display name at order time
  promo_code text,
  gift_code text,
  item_value_inc_vat bigint NOT NULL CHECK (item_value_inc_vat >= 0),     -- sum of rows, before order discounts
  item_value_ex_vat bigint NOT NULL CHECK (item_value_ex_vat >= 0),
  discount_inc_vat bigint NOT NULL DEFAULT 0 CHECK (discount_inc_vat >= 0),
  discount_ex_vat bigint NOT NULL DEFAULT 0 CHECK (discount_ex_vat >= 0),
  shipping_fee_inc_vat bigint NOT NULL DEFAULT 0 CHECK (shipping_fee_inc_vat >= 0),
  shipping_fee_ex_vat bigint NOT NULL DEFAULT 0 CHECK (shipping_fee_ex_vat >= 0),
  payment_fee_inc_vat bigint NOT NULL DEFAULT 0 CHECK (payment_fee_inc_vat >= 0),
  payment_fee_ex_vat bigint NOT NULL DEFAULT 0 CHECK (payment_fee_ex_vat >= 0),
  from_balance bigint NOT NULL DEFAULT 0 CHECK (from_balance >= 0),      -- paid with gift code / balance
  total_inc_vat bigint NOT NULL CHECK (total_inc_vat >= 0),               -- what the shopper pays
  total_ex_vat bigint NOT NULL CHECK (total_ex_vat >= 0),
  vat_total bigint NOT NULL CHECK (vat_total >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC) WHERE user_id IS NOT NULL;
CREATE INDEX orders_email_idx ON orders (email);

CREATE TABLE order_rows (
  order_row_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  sku_id integer REFERENCES skus (sku_id) ON DELETE SET NULL,
  product_id integer,                        -- snapshot values: the catalogue may change later
  article_number text NOT NULL,
  sku_article_number text NOT NULL,
  product_name text NOT NULL,
  sku_name text NOT NULL,
  brand_name text NOT NULL,
  product_snapshot jsonb NOT NULL,           -- alias, image, categories, gtin ... at order time
  quantity integer NOT NULL CHECK (quantity > 0),
  regular_unit_price_inc_vat bigint NOT NULL CHECK (regular_unit_price_inc_vat >= 0),
  unit_price_inc_vat bigint NOT NULL CHECK (unit_price_inc_vat >= 0),
  unit_price_ex_vat bigint NOT NULL CHECK (unit_price_ex_vat >= 0),
  discount_inc_vat bigint NOT NULL DEFAULT 0 CHECK (discount_inc_vat >= 0), -- row total discount
  total_inc_vat bigint NOT NULL CHECK (total_inc_vat >= 0),
  total_ex_vat bigint NOT NULL CHECK (total_ex_vat >= 0),
  vat_rate_bp integer NOT NULL CHECK (vat_rate_bp >= 0 AND vat_rate_bp < 10000)
);
CREATE INDEX order_rows_order_idx ON order_rows (order_id);
CREATE INDEX order_rows_product_idx ON order_rows (product_id);

-- Status changes, payments, returns and refunds, in order of time.
CREATE TABLE order_events (
  event_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('status', 'payment', 'return_registered', 'refund', 'note')),
  status text CHECK (status IN ('received', 'processing', 'completed', 'cancelled')),
  order_row_id integer REFERENCES order_rows (order_row_id) ON DELETE SET NULL,
  amount_inc_vat bigint CHECK (amount_inc_vat >= 0), -- refunds
  vat_amount bigint CHECK (vat_amount >= 0),
  to_balance boolean NOT NULL DEFAULT false,
  reason text,
  reason_code text,
  data jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'status' OR status IS NOT NULL),
  CHECK (kind <> 'refund' OR amount_inc_vat IS NOT NULL)
);
CREATE INDEX order_events_order_idx ON order_events (order_id, created_at);

CREATE TABLE gift_code_transactions (
  transaction_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  code text NOT NULL REFERENCES gift_codes (code) ON DELETE CASCADE,
  order_id integer REFERENCES orders (order_id) ON DELETE SET NULL,
  amount bigint NOT NULL,                    -- negative = spent, positive = refunded/topped up
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gift_code_transactions_code_idx ON gift_code_transactions (code);
