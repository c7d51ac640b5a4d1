-- The pickup-point service's directory (issue 29 item 5, ADR 0079): the carriers' service points
-- and parcel lockers per market. The service fills it from its deterministic directory on start
-- (server/services/pickup-points/directory.ts; rows with a known id are left as they are) and
-- answers the points nearest to a postcode from it. Only that service reads or writes it.
CREATE TABLE pickup_points (
  point_id text PRIMARY KEY,
  market_alias text NOT NULL,
  carrier text NOT NULL CHECK (carrier ~ '^[a-z][a-z0-9-]*$'),
  kind text NOT NULL CHECK (kind IN ('service-point', 'locker')),
  name text NOT NULL,
  street text NOT NULL,
  postcode text NOT NULL CHECK (postcode ~ '^[0-9]+$'),
  city text NOT NULL,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  -- [{"fromDay": 1, "toDay": 5, "opens": "08:00", "closes": "21:00"}, ...] (ISO weekdays)
  opening_hours jsonb NOT NULL,
  is_active boolean NOT NULL DEFAULT true
);

-- the nearest-point query reads one market's (and carrier's) active points
CREATE INDEX pickup_points_market_carrier_idx ON pickup_points (market_alias, carrier) WHERE is_active;
