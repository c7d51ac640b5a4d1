/**
 * The schema's lists are nullable with nullable items (Geins shape: `[SkuType]`), so a generated
 * operation type reads `Array<T | null> | null`. Pages want the items that are there.
 */
export function listItems<T>(list: ReadonlyArray<T | null | undefined> | null | undefined): T[] {
  return (list ?? []).filter((item): item is T => item !== null && item !== undefined)
}

/** The item type of a generated list type: `ListItem<ProductQuery['product']['skus']>`. */
export type ListItem<List extends ReadonlyArray<unknown> | null | undefined> = NonNullable<
  NonNullable<List>[number]
>
