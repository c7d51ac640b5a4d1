-- Popular searches as a curated list (ADR 0054). The decayed score per raw phrase let one
-- shopper's text (`kengt`, `mekkko`) reach every visitor's search field. Now a phrase is counted
-- once per shopper (customer key) and only in its corrected, catalogue-word form, and only when
-- it found products; the list shows phrases enough distinct shoppers searched within a window,
-- never a term an operator blocked.
DROP TABLE search_phrase_popularity;

CREATE TABLE search_phrase_shoppers (
  language text NOT NULL CHECK (language IN ('fi', 'sv', 'nb', 'da')),
  phrase text NOT NULL,
  customer_key uuid NOT NULL,
  searched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (language, phrase, customer_key)
);
CREATE INDEX search_phrase_shoppers_recent_idx ON search_phrase_shoppers (language, searched_at);

-- Terms an operator keeps out of popular searches (the admin API, npm run admin): a phrase equal
-- to the term or holding it as a word is never shown, in any language.
CREATE TABLE search_blocked_terms (
  term text PRIMARY KEY CHECK (term <> '' AND term = lower(term)),
  blocked_by text NOT NULL,
  blocked_at timestamptz NOT NULL DEFAULT now()
);
