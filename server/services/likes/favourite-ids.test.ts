import { describe, expect, it } from 'vitest'
import { FAVOURITES_CAP, parseFavouriteIds } from './favourite-ids'

describe('parseFavouriteIds', () => {
  it('reads product ids and numeric strings, keeping the first place of a duplicate', () => {
    expect(parseFavouriteIds([5, '12', 3, 12, 5])).toEqual({ ok: true, ids: [5, 12, 3] })
    expect(parseFavouriteIds([])).toEqual({ ok: true, ids: [] })
  })

  it.each([
    ['an object', { ids: [1] }],
    ['a zero', [0]],
    ['a negative id', [-4]],
    ['a fraction', [1.5]],
    ['a word', ['dress']],
    ['a null', [null]],
    ['an id beyond the integer column', [2_147_483_648]],
    ['a numeric string beyond the integer column', ['9999999999']],
  ])('refuses %s', (_name, body) => {
    const parsed = parseFavouriteIds(body)
    expect(parsed.ok).toBe(false)
  })

  it('accepts the cap and refuses one more', () => {
    const ids = Array.from({ length: FAVOURITES_CAP }, (_, index) => index + 1)
    expect(parseFavouriteIds(ids)).toMatchObject({ ok: true })
    const parsed = parseFavouriteIds([...ids, FAVOURITES_CAP + 1])
    expect(parsed).toEqual({ ok: false, problems: [`at most ${FAVOURITES_CAP} favourites`] })
  })

  it('names the offending entry', () => {
    expect(parseFavouriteIds([1, 'x'])).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('[1]')],
    })
  })
})
