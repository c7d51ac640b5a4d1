import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { serializeForScript } from './serialize'

describe('serializeForScript', () => {
  it('cannot close the script element or open a comment', () => {
    const out = serializeForScript({ name: '</script><script>alert(1)</script>', note: '<!-- x -->' })
    expect(out).not.toMatch(/<\/script/i)
    expect(out).not.toContain('<!--')
    expect(out).not.toContain('<')
  })

  it('escapes the line and paragraph separators', () => {
    const out = serializeForScript({ text: 'a\u2028b\u2029c' })
    expect(out).not.toMatch(/[\u2028\u2029]/)
    expect(out).toContain('\\u2028')
  })

  it('round-trips any JSON value exactly', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = serializeForScript(value)
        expect(out).not.toMatch(/[<>\u2028\u2029]/)
        const parsed: unknown = new Function(`return ${out}`)()
        expect(parsed).toEqual(JSON.parse(JSON.stringify(value ?? null)))
      }),
    )
  })
})
