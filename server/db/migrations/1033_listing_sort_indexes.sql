-- A list page is a top-N of the market's listing rows in the list's order (listing.ts,
-- selectProductPage); its total is counted with the facet counts and kept between requests
-- (ADR 0043). With an index in the order the page needs, the page reads its rows in that order
-- and stops once it has them, instead of reading and sorting the whole list: at 50,000 products
-- the default order (newest first) of a category holding most of the catalogue.
-- Indexed: the newest first (category, brand and campaign lists) and the price (both directions:
-- the index is read backwards for the highest first). Not the sales count: every order updates
-- it, and an index on it would take those updates off the heap-only path.
CREATE INDEX product_listing_newest_idx ON product_listing (market_alias, first_available_on);
CREATE INDEX product_listing_price_idx ON product_listing (market_alias, price);
