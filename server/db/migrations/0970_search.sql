-- Issue #12: the search and recommendation service's own tables (server/services/search,
-- docs/adr/0032-search-service.md). The index is derived from the catalogue tables; prices and
-- stock are not copied but read from product_listing (migration 0700), which triggers keep fresh,
-- so only the texts of a product can lag behind, for one indexer round.

-- One document per product and language: the language's stemmed name (weight A), the parts of
-- its compound words (A), the keywords (brand, colour, material, categories: B), the article
-- numbers (A, unstemmed) and the description (D).
CREATE TABLE search_documents (
  language text NOT NULL REFERENCES languages (code),
  product_id integer NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
  lexemes tsvector NOT NULL,
  PRIMARY KEY (language, product_id)
);
CREATE INDEX search_documents_lexemes_idx ON search_documents USING gin (lexemes);
CREATE INDEX search_documents_product_idx ON search_documents (product_id);

-- Compound words of the catalogue and their parts ('villaneule' → {villa, neule}), computed by
-- the indexer from the catalogue's own vocabulary (server/services/search/compounds.ts).
CREATE TABLE search_compounds (
  language text NOT NULL CHECK (language IN ('fi', 'sv', 'nb', 'da')),
  word text NOT NULL,
  parts text[] NOT NULL,
  PRIMARY KEY (language, word)
);

-- Synonyms as data: a query word also finds the listed words (one direction; list both rows for
-- a two-way synonym).
CREATE TABLE search_synonyms (
  language text NOT NULL CHECK (language IN ('fi', 'sv', 'nb', 'da')),
  term text NOT NULL CHECK (term = lower(term)),
  synonyms text[] NOT NULL,
  PRIMARY KEY (language, term)
);

INSERT INTO search_synonyms (language, term, synonyms) VALUES
  ('fi', 'villapaita', '{neule}'),
  ('fi', 'neule', '{villapaita}'),
  ('fi', 'lenkkarit', '{tennarit}'),
  ('fi', 'kengät', '{tennarit,saappaat,nilkkurit,avokkaat,sandaalit,loaferit}'),
  ('fi', 'jeans', '{farkut}'),
  ('fi', 'farkut', '{farkku}'),
  ('fi', 'hupparit', '{huppari}'),
  ('fi', 'bikinit', '{bikiniyläosa,bikinialaosa}'),
  ('fi', 'rintsikat', '{rintaliivit}'),
  ('fi', 'pikkuhousut', '{alushousut}'),
  ('fi', 'jakku', '{bleiseri}'),
  ('fi', 'legginsit', '{treenitrikoot}'),
  ('sv', 'tröja', '{sweater}'),
  ('sv', 'skor', '{sneakers,stövlar,kängor,pumps,sandaler,loafers}'),
  ('sv', 'gympaskor', '{sneakers}'),
  ('sv', 'blazer', '{kavaj}'),
  ('sv', 'luvtröja', '{hoodie}'),
  ('sv', 'bikini', '{bikiniöverdel,bikiniunderdel}'),
  ('sv', 'leggings', '{träningstights}'),
  ('sv', 'kappa', '{rock}'),
  ('nb', 'sko', '{sneakers,støvler,støvletter,pumps,sandaler,loafers}'),
  ('nb', 'joggesko', '{sneakers}'),
  ('nb', 'hoodie', '{hettegenser}'),
  ('nb', 'sweater', '{genser}'),
  ('nb', 'bukser', '{bukse}'),
  ('nb', 'bikini', '{bikinitopp,bikinitruse}'),
  ('nb', 'tights', '{treningstights}'),
  ('da', 'sko', '{sneakers,støvler,støvletter,pumps,sandaler,loafers}'),
  ('da', 'kondisko', '{sneakers}'),
  ('da', 'hoodie', '{hættetrøje}'),
  ('da', 'trøje', '{sweater}'),
  ('da', 'nederdele', '{nederdel}'),
  ('da', 'skørt', '{nederdel}'),
  ('da', 'bikini', '{bikinitop,bikinitrusser}'),
  ('da', 'tights', '{træningstights}');

-- Products whose documents must be rebuilt: statement triggers on the catalogue tables queue
-- them, the service's indexer round drains the queue (server/services/search/indexer.ts).
CREATE TABLE search_index_queue (
  product_id integer PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION search_index_enqueue(ids integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_index_queue (product_id)
  SELECT DISTINCT id FROM unnest(ids) AS id WHERE id IS NOT NULL
  ON CONFLICT (product_id) DO NOTHING;
$$;

CREATE FUNCTION search_index_follow_products() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_index_enqueue(ARRAY(SELECT product_id FROM old_rows));
  ELSE
    PERFORM search_index_enqueue(ARRAY(SELECT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;

-- Every table with a product_id column whose change alters a document.
CREATE TRIGGER products_search_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_follow_products();
CREATE TRIGGER products_search_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_follow_products();
CREATE TRIGGER product_texts_search_insert AFTER INSERT ON product_texts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_follow_products();
CREATE TRIGGER product_texts_search_update AFTER UPDATE ON product_texts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_follow_products();
CREATE TRIGGER product_texts_search_delete AFTER DELETE ON product_texts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_follow_products();
CREATE TRIGGER skus_search_insert AFTER INSERT ON skus
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_follow_products();
CREATE TRIGGER skus_search_delete AFTER DELETE ON skus
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_follow_products();

-- A renamed brand changes the documents of all its products.
CREATE FUNCTION search_index_follow_brands() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_enqueue(ARRAY(
    SELECT p.product_id FROM products p JOIN new_rows b ON b.brand_id = p.brand_id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER brands_search_update AFTER UPDATE ON brands
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_follow_brands();

-- The documents of the given products (all when ids is NULL), from the catalogue tables.
CREATE FUNCTION search_document_rows(ids integer[])
RETURNS TABLE (language text, product_id integer, lexemes tsvector)
LANGUAGE sql STABLE AS $$
  SELECT t.language, t.product_id,
         setweight(to_tsvector(l.ts_config, t.name), 'A')
         || setweight(to_tsvector(l.ts_config, COALESCE((
              SELECT string_agg(part, ' ')
              FROM regexp_split_to_table(lower(t.name || ' ' || t.search_keywords), '[^[:alnum:]]+') AS w(token)
              JOIN search_compounds c ON c.language = t.language AND c.word = w.token
              CROSS JOIN LATERAL unnest(c.parts) AS part), '')), 'A')
         || setweight(to_tsvector(l.ts_config, t.search_keywords || ' ' || b.name), 'B')
         || setweight(to_tsvector('simple', p.article_number || ' ' || COALESCE((
              SELECT string_agg(s.article_number, ' ') FROM skus s WHERE s.product_id = p.product_id), '')), 'A')
         || setweight(to_tsvector(l.ts_config, t.text1), 'D')
  FROM product_texts t
  JOIN languages l ON l.code = t.language
  JOIN products p ON p.product_id = t.product_id
  JOIN brands b ON b.brand_id = p.brand_id
  WHERE p.is_active AND (ids IS NULL OR t.product_id = ANY (ids))
$$;

-- Behaviour reported through the notifications and the queries (search, view), and purchases
-- folded in from the orders. customer_key and session_key are the storefront's UUIDs.
CREATE TABLE search_events (
  event_id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('search', 'view', 'click', 'add-to-cart', 'add-favorite',
                                     'remove-favorite', 'purchase')),
  market_alias text NOT NULL CHECK (market_alias IN ('fi', 'se', 'no', 'dk')),
  language text CHECK (language IN ('fi', 'sv', 'nb', 'da')),
  customer_key uuid,
  session_key uuid,
  product_id integer,
  phrase text,
  -- where the product was shown: 'search', 'autocomplete', 'rec:ALTERNATIVES', …
  source text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_events_session_idx ON search_events (session_key, kind, created_at DESC);
CREATE INDEX search_events_customer_idx ON search_events (customer_key, kind, created_at DESC);
CREATE INDEX search_events_product_idx ON search_events (product_id, kind) WHERE product_id IS NOT NULL;
CREATE INDEX search_events_recent_idx ON search_events (kind, created_at DESC);
-- what shoppers chose after searching a phrase: the phrase's learned ranking
CREATE INDEX search_events_phrase_idx ON search_events (language, phrase, kind) WHERE phrase IS NOT NULL;

-- Decayed popularity: the score as of updated_at; it halves every half-life (the service's
-- setting), so the current score is score * 2^(-(now - updated_at) / half-life).
CREATE TABLE search_product_popularity (
  product_id integer PRIMARY KEY REFERENCES products (product_id) ON DELETE CASCADE,
  score double precision NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE search_phrase_popularity (
  language text NOT NULL CHECK (language IN ('fi', 'sv', 'nb', 'da')),
  phrase text NOT NULL,
  score double precision NOT NULL,
  hits integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (language, phrase)
);
CREATE INDEX search_phrase_popularity_score_idx ON search_phrase_popularity (language, score DESC);

-- Sessions closed by the `end` notification: their keys are refused afterwards.
CREATE TABLE search_ended_sessions (
  session_key uuid PRIMARY KEY,
  ended_at timestamptz NOT NULL DEFAULT now()
);

-- Watermarks of the service's jobs (the last order folded into popularity).
CREATE TABLE search_watermarks (
  name text PRIMARY KEY,
  value bigint NOT NULL
);
