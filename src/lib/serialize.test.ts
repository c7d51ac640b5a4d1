import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { serializeForScript, serializeForScriptExpression } from './serialize'

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

  it('gives JSON that a JSON parser reads back exactly', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = serializeForScript(value)
        expect(out).not.toMatch(/[<>\u2028\u2029]/)
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(value ?? null)))
      }),
    )
  })
})

describe('serializeForScriptExpression', () => {
  const evaluate = (expression: string): unknown => new Function(`return ${expression}`)()

  it('keeps a key named __proto__ a property instead of setting the prototype', () => {
    const parsed = evaluate(serializeForScriptExpression({ ['__proto__']: { polluted: true } })) as object
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(Object.keys(parsed)).toEqual(['__proto__'])
  })

  it('cannot close the script element', () => {
    const out = serializeForScriptExpression({ name: '</script><script>alert(1)</script>' })
    expect(out).not.toContain('<')
  })

  it('round-trips any JSON value exactly when the script runs', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = serializeForScriptExpression(value)
        expect(out).not.toMatch(/[<>\u2028\u2029]/)
        expect(evaluate(out)).toEqual(JSON.parse(JSON.stringify(value ?? null)))
      }),
    )
  })
})
