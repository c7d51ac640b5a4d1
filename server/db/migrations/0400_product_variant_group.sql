-- Colour variants: products of one style in other colours share a variant group (the Geins
-- ProductType.variantGroup). The group id is the id of the style's main product; a product sold
-- in one colour only has none. Owned by the product page area (issue #4 item 3).
ALTER TABLE products ADD COLUMN variant_group_id integer CHECK (variant_group_id > 0);
CREATE INDEX products_variant_group_idx ON products (variant_group_id) WHERE variant_group_id IS NOT NULL;
