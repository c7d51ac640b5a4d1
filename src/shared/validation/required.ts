/** Required fields (docs/product-rules.md#checkout): a value that is only white space is not filled in. */
export function isFilled(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== ''
}
