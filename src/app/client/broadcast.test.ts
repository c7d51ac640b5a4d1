import { describe, expect, it } from 'vitest'
import { makeStore } from '../store'
import { startBroadcastSync, type BroadcastPort } from './broadcast'
import { cartLoaded } from '../../features/cart/slice'
import { marketChanged } from '../../features/channel/slice'
import { loggedOut, userRestored } from '../../features/auth/slice'
import { snackbarShown } from '../../features/snackbar/slice'

/** Two ports wired to each other, delivering synchronously like a same-origin channel pair. */
function linkedPorts(): [BroadcastPort & { sent: unknown[] }, BroadcastPort & { sent: unknown[] }] {
  const make = () => {
    const listeners = new Set<(event: MessageEvent) => void>()
    return {
      sent: [] as unknown[],
      peer: null as null | { deliver: (data: unknown) => void },
      listeners,
      deliver(data: unknown) {
        for (const listener of listeners)
          listener(new MessageEvent('message', { data: structuredClone(data) }))
      },
      postMessage(message: unknown) {
        this.sent.push(message)
        this.peer?.deliver(message)
      },
      addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
        listeners.add(listener)
      },
      removeEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
        listeners.delete(listener)
      },
      close() {
        listeners.clear()
      },
    }
  }
  const a = make()
  const b = make()
  a.peer = b
  b.peer = a
  return [a, b]
}

const user = { id: '1', email: 'a@b.fi', customerType: 'PERSON' as const, memberType: null, isMember: false }

describe('cross-tab broadcast', () => {
  it('applies market, auth and cart changes in the other tab without sending them back', () => {
    const [portA, portB] = linkedPorts()
    const tabA = makeStore(undefined, { devTools: false })
    const tabB = makeStore(undefined, { devTools: false })
    const stopA = startBroadcastSync(tabA, portA)
    const stopB = startBroadcastSync(tabB, portB)

    tabA.dispatch(marketChanged('se'))
    tabA.dispatch(userRestored(user))
    tabA.dispatch(cartLoaded({ id: 'c1', items: [{ skuId: 1, quantity: 1 }] }))

    expect(tabB.getState().channel).toMatchObject({ currentMarket: 'se', checkoutMarket: 'se' })
    expect(tabB.getState().auth.user).toEqual(user)
    expect(tabB.getState().cart).toMatchObject({ id: 'c1', status: 'loaded' })
    expect(portA.sent).toHaveLength(3)
    expect(portB.sent).toHaveLength(0)

    tabB.dispatch(loggedOut())
    expect(tabA.getState().auth.user).toBeNull()
    expect(portA.sent).toHaveLength(3)
    stopA()
    stopB()
  })

  it('sends nothing for actions other tabs do not need, and ignores foreign messages', () => {
    const [portA, portB] = linkedPorts()
    const tabA = makeStore(undefined, { devTools: false })
    const stop = startBroadcastSync(tabA, portA)
    tabA.dispatch(snackbarShown({ message: 'hi' }))
    expect(portA.sent).toEqual([])
    const before = tabA.getState()
    portB.postMessage({ source: 'someone-else', action: marketChanged('dk') })
    portB.postMessage({ source: 'lumo-store', action: snackbarShown({ message: 'injected' }) })
    expect(tabA.getState()).toBe(before)
    stop()
  })

  it('stops after cleanup', () => {
    const [portA, portB] = linkedPorts()
    const tabA = makeStore(undefined, { devTools: false })
    const tabB = makeStore(undefined, { devTools: false })
    startBroadcastSync(tabA, portA)()
    startBroadcastSync(tabB, portB)
    tabA.dispatch(marketChanged('no'))
    expect(tabB.getState().channel.currentMarket).toBe('fi')
  })
})
