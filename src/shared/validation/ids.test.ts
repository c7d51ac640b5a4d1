import { describe, expect, it } from 'vitest'
import { isUuid } from './ids'

describe('isUuid', () => {
  it.each(['3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b', '3F2B8C1E-9A4D-4E6F-8B7A-1C2D3E4F5A6B'])(
    'accepts %s',
    (id) => {
      expect(isUuid(id)).toBe(true)
    },
  )

  it.each([
    '',
    '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6',
    ' 3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b',
    '1 OR 1=1',
    42,
    null,
  ])('refuses %s', (id) => {
    expect(isUuid(id)).toBe(false)
  })
})
