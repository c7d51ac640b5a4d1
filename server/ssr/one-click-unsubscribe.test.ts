import { describe, expect, it } from 'vitest'
import { isOneClick, ONE_CLICK_BODY } from './one-click-unsubscribe'

describe('isOneClick', () => {
  it('reads the form-encoded body of RFC 8058', () => {
    expect(isOneClick(ONE_CLICK_BODY)).toBe(true)
    expect(isOneClick(`other=1&${ONE_CLICK_BODY}`)).toBe(true)
  })

  it('reads the multipart form of RFC 8058', () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n'
    expect(isOneClick(body)).toBe(true)
  })

  it('refuses anything else', () => {
    expect(isOneClick('')).toBe(false)
    expect(isOneClick(undefined)).toBe(false)
    expect(isOneClick('List-Unsubscribe=Yes')).toBe(false)
    expect(isOneClick('x=List-Unsubscribe=One-Click-ish')).toBe(false)
    expect(isOneClick('--b\r\nContent-Disposition: form-data; name="Other"\r\n\r\nOne-Click\r\n--b--')).toBe(
      false,
    )
  })
})
