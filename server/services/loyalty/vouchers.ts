/**
 * Bonus voucher codes (docs/adr/0029-bonus-vouchers.md): the voucher prefix and two groups of
 * random letters and digits without look-alikes (no 0/O, 1/I/L), 40 bits of chance: a code
 * cannot be guessed, and it is useless to anyone but its owner anyway.
 */
import { randomInt } from 'node:crypto'
import { LOYALTY_VOUCHER_PREFIX } from '../../../src/shared/loyalty'

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

function group(length: number): string {
  let out = ''
  for (let i = 0; i < length; i += 1) out += ALPHABET[randomInt(ALPHABET.length)]
  return out
}

export function newVoucherCode(): string {
  return `${LOYALTY_VOUCHER_PREFIX}-${group(4)}-${group(4)}`
}
