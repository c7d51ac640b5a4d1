import { describe, expect, it } from 'vitest'
import { compileMessages, messagesAssetPath } from './compiled-messages'

describe('compiled messages', () => {
  it('parses every message into its ICU syntax tree', () => {
    const trees = JSON.parse(compileMessages({ hello: 'Hei {name}!', plain: 'Kassa' })) as Record<
      string,
      unknown
    >
    expect(trees['plain']).toEqual([{ type: 0, value: 'Kassa' }])
    expect(trees['hello']).toEqual([
      { type: 0, value: 'Hei ' },
      { type: 1, value: 'name' },
      { type: 0, value: '!' },
    ])
  })

  it('names the asset by its content, so a changed text gets a new URL', () => {
    const first = messagesAssetPath('fi', compileMessages({ a: 'Yksi' }))
    expect(first).toMatch(/^assets\/messages-fi-[\w-]{10}\.json$/)
    expect(messagesAssetPath('fi', compileMessages({ a: 'Yksi' }))).toBe(first)
    expect(messagesAssetPath('fi', compileMessages({ a: 'Kaksi' }))).not.toBe(first)
  })

  it('refuses a message that is not valid ICU', () => {
    expect(() => compileMessages({ broken: 'Hei {name' })).toThrow()
  })
})
