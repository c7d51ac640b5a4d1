import { describe, expect, it } from 'vitest'
import { makeStore } from '../../app/store'
import { userRestored } from '../auth/slice'
import { personalData } from './loaders'
import { balancesOf } from './BalanceList'

const unauthenticated = Object.assign(new Error('Sign in'), {
  errors: [{ message: 'Sign in', extensions: { code: 'UNAUTHENTICATED' } }],
})

function args() {
  const store = makeStore(undefined, { devTools: false })
  store.dispatch(
    userRestored({ id: 'u1', email: 'aino@example.fi', customerType: 'PERSON', memberType: null }),
  )
  return {
    store,
    request: new Request('https://shop.test/fi/tilini/asetukset?tab=1'),
    homePath: 'https://shop.test/fi/',
  }
}

describe('personalData', () => {
  it('passes the data through', async () => {
    await expect(personalData(args(), () => Promise.resolve(42))).resolves.toBe(42)
  })

  it('logs out and sends to the login when the API refuses the session', async () => {
    const loaderArgs = args()
    const thrown = await personalData(loaderArgs, () => Promise.reject(unauthenticated)).catch(
      (error: unknown) => error,
    )
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('location')).toBe(
      `https://shop.test/fi/?action=login&returnTo=${encodeURIComponent('/fi/tilini/asetukset?tab=1')}`,
    )
    expect(loaderArgs.store.getState().auth.user).toBeNull()
  })

  it('lets other failures through to the error page, still logged in', async () => {
    const loaderArgs = args()
    await expect(personalData(loaderArgs, () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(loaderArgs.store.getState().auth.user).not.toBeNull()
  })
})

describe('balancesOf', () => {
  it('lists the non-zero balances by currency', () => {
    expect(
      balancesOf({
        balances: [
          { currency: 'SEK', amount: 120, amountFormatted: '120,00 kr' },
          null,
          { currency: 'EUR', amount: 12.5, amountFormatted: '12,50 €' },
          { currency: 'NOK', amount: 0, amountFormatted: '0,00 kr' },
        ],
      }),
    ).toEqual([
      { currency: 'EUR', amount: 12.5, amountFormatted: '12,50 €' },
      { currency: 'SEK', amount: 120, amountFormatted: '120,00 kr' },
    ])
    expect(balancesOf(null)).toEqual([])
  })
})
