/**
 * The style gallery's outfits (issue 29 item 4): looks put together from the shop's own products,
 * one piece from each of a few categories that are worn together (a dress, a coat and shoes),
 * the first of each list with the first of the others. Deterministic for the same lists, so every
 * member sees the same looks and the server's render hydrates unchanged.
 */

/**
 * Look k is the k-th product of every list; a look is made only while every list still has a
 * product, so no look is missing its shoes. A product in two lists is used once (the look that
 * would repeat it is left out).
 */
export function outfitsOf<Product extends { productId: number }>(
  lists: readonly (readonly Product[])[],
  looks: number,
): Product[][] {
  if (lists.length === 0) return []
  const shortest = Math.min(looks, ...lists.map((list) => list.length))
  const used = new Set<number>()
  const outfits: Product[][] = []
  for (let index = 0; index < shortest; index++) {
    const outfit = lists.map((list) => list[index]).filter((piece) => piece !== undefined)
    const ids = outfit.map((piece) => piece.productId)
    if (new Set(ids).size < ids.length || ids.some((id) => used.has(id))) continue
    for (const id of ids) used.add(id)
    outfits.push(outfit)
  }
  return outfits
}
