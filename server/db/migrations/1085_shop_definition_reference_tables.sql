-- The shop definition's facts as reference tables (src/shared/shop-definition.ts, ADR 0077):
-- columns reference a table instead of each holding its own CHECK list, so a new market, language
-- or currency is its entry in the definition and the rows the seed writes from it; no migration
-- lists them again. tests/integration/db/shop-definition.test.ts checks that the tables hold the
-- definition's rows and that the keys refuse anything else.

-- Currencies with their ISO 4217 minor unit (EUR 2, ISK 0). Like payment_kinds (1058) the rows
-- are kept through a reseed; these are the ones the shop had when the table came, the seed
-- upserts the definition's.
CREATE TABLE currencies (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z]{3}$'),
  minor_unit integer NOT NULL CHECK (minor_unit BETWEEN 0 AND 4)
);
INSERT INTO currencies (code, minor_unit) VALUES ('EUR', 2), ('SEK', 2), ('NOK', 2), ('DKK', 2);

-- The legal buyer types an account or an order is (a person, or an organisation with an
-- organisation number); the price-display types (student, curve) are the storefront's, never stored.
CREATE TABLE buyer_types (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z_]+$')
);
INSERT INTO buyer_types (code) VALUES ('PERSON'), ('ORGANIZATION');

-- Languages and markets are the seed's rows from the definition: their codes keep a shape only.
ALTER TABLE languages
  DROP CONSTRAINT languages_code_check,
  ADD CONSTRAINT languages_code_check CHECK (code ~ '^[a-z]{2,3}$');
ALTER TABLE markets
  DROP CONSTRAINT markets_alias_check,
  ADD CONSTRAINT markets_alias_check CHECK (alias ~ '^[a-z]{2}$'),
  DROP CONSTRAINT markets_currency_code_check,
  ADD CONSTRAINT markets_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES currencies (code);

ALTER TABLE user_balances
  DROP CONSTRAINT user_balances_currency_code_check,
  ADD CONSTRAINT user_balances_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES currencies (code);
ALTER TABLE gift_codes
  DROP CONSTRAINT gift_codes_currency_code_check,
  ADD CONSTRAINT gift_codes_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES currencies (code);
ALTER TABLE orders
  DROP CONSTRAINT orders_currency_code_check,
  ADD CONSTRAINT orders_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES currencies (code),
  ADD CONSTRAINT orders_customer_type_fkey FOREIGN KEY (customer_type) REFERENCES buyer_types (code);
ALTER TABLE users
  ADD CONSTRAINT users_customer_type_fkey FOREIGN KEY (customer_type) REFERENCES buyer_types (code);
ALTER TABLE loyalty_vouchers
  DROP CONSTRAINT loyalty_vouchers_currency_code_check,
  ADD CONSTRAINT loyalty_vouchers_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES currencies (code);

-- The search area's rows follow the catalogue's languages and markets.
ALTER TABLE search_compounds
  DROP CONSTRAINT search_compounds_language_check,
  ADD CONSTRAINT search_compounds_language_fkey FOREIGN KEY (language) REFERENCES languages (code);
ALTER TABLE search_events
  DROP CONSTRAINT search_events_market_alias_check,
  ADD CONSTRAINT search_events_market_alias_fkey FOREIGN KEY (market_alias) REFERENCES markets (alias),
  DROP CONSTRAINT search_events_language_check,
  ADD CONSTRAINT search_events_language_fkey FOREIGN KEY (language) REFERENCES languages (code);
ALTER TABLE search_phrase_shoppers
  DROP CONSTRAINT search_phrase_shoppers_language_check,
  ADD CONSTRAINT search_phrase_shoppers_language_fkey FOREIGN KEY (language) REFERENCES languages (code);
-- Synonyms are kept through a reseed (a reseed empties languages): a shape, not a key.
ALTER TABLE search_synonyms
  DROP CONSTRAINT search_synonyms_language_check,
  ADD CONSTRAINT search_synonyms_language_check CHECK (language ~ '^[a-z]{2,3}$');

-- The payment provider reads none of the shop's tables (0300): it takes any ISO code the signed
-- session names.
ALTER TABLE lumopay_sessions
  DROP CONSTRAINT lumopay_sessions_currency_check,
  ADD CONSTRAINT lumopay_sessions_currency_check CHECK (currency ~ '^[A-Z]{3}$'),
  DROP CONSTRAINT lumopay_sessions_language_check,
  ADD CONSTRAINT lumopay_sessions_language_check CHECK (language ~ '^[a-z]{2,3}$');

-- The return window is the definition's per market, written by the seed; no default of 14 days.
DROP TRIGGER markets_return_window ON markets;
DROP FUNCTION market_return_window_default();
