/**
 * The order a command acts on: `cancel 1042` or `cancel --order 1042` (the form ship and deliver
 * take); a number, so no other path of the API can be reached through it.
 */
export function orderArgument(command: string, positionals: string[], option: string | undefined): string {
  const given = [...positionals, ...(option === undefined ? [] : [option])]
  if (given.length === 0) throw new Error(`${command} needs an order number`)
  if (given.length > 1) throw new Error(`${command} takes one order number, got ${given.join(', ')}`)
  const order = given[0]!.trim()
  if (!/^[1-9][0-9]{0,9}$/.test(order)) throw new Error(`${command}: "${order}" is not an order number`)
  return order
}
