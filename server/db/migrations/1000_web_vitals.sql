-- Real-user metrics (issue #13, docs/adr/0035-analytics-consent-and-rum.md): Core Web Vitals
-- measured in shoppers' browsers, sampled, sent in batches to the log service's POST /api/vitals.
-- One row per metric value, with the page type (the route name) it was measured on and nothing
-- about the shopper. `npm run report -- vitals` prints the 75th percentile per page type.
CREATE TABLE web_vitals (
  id bigserial PRIMARY KEY,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  page_type text NOT NULL CHECK (page_type ~ '^[a-z0-9-]{1,64}$'),
  metric text NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS', 'TTFB')),
  value double precision NOT NULL CHECK (value >= 0)
);
CREATE INDEX web_vitals_recent_idx ON web_vitals (recorded_at DESC);
CREATE INDEX web_vitals_page_metric_idx ON web_vitals (page_type, metric, recorded_at DESC);
