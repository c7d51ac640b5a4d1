-- Field vitals per page type and market (issue 33 part 3): the browser's report names the market
-- the page was shown in. Older rows have none; they age out after the 28 days of retention.
ALTER TABLE web_vitals
  ADD COLUMN market text CHECK (market IS NULL OR market ~ '^[a-z]{2}$');
CREATE INDEX web_vitals_market_page_metric_idx ON web_vitals (market, page_type, metric, recorded_at DESC);
