/** Required fields (spec §5): a value that is only white space is not filled in. */
export function isFilled(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== ''
}
