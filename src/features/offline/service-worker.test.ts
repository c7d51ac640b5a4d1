import { describe, expect, it, vi } from 'vitest'
import { registerServiceWorker, SKIP_WAITING_MESSAGE, takeOver, type WorkerContainer } from './service-worker'
import { isSkipWaitingMessage } from '../../../sw/cache-rules'

/** A worker as the registration hands it out: a state, its changes, and the messages it got. */
class FakeWorker extends EventTarget {
  messages: unknown[] = []
  constructor(public state: ServiceWorkerState) {
    super()
  }
  postMessage(message: unknown) {
    this.messages.push(message)
  }
  become(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null
  waiting: FakeWorker | null = null
  active: FakeWorker | null = null
  /** the browser found a new version and starts installing it */
  find(worker: FakeWorker) {
    this.installing = worker
    this.dispatchEvent(new Event('updatefound'))
  }
}

function fakeContainer(registration: FakeRegistration) {
  const events = new EventTarget()
  const register = vi.fn(() => Promise.resolve(registration as unknown as ServiceWorkerRegistration))
  const container = {
    register,
    addEventListener: events.addEventListener.bind(events),
  } as unknown as WorkerContainer
  return { container, register, events }
}

const asWorker = (worker: FakeWorker) => worker as unknown as ServiceWorker

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site', async () => {
    const { container, register } = fakeContainer(new FakeRegistration())
    await registerServiceWorker(container, () => undefined)
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
  })

  it('offers a version found waiting from an earlier visit', async () => {
    const registration = new FakeRegistration()
    registration.active = new FakeWorker('activated')
    registration.waiting = new FakeWorker('installed')
    const onWaiting = vi.fn()
    await registerServiceWorker(fakeContainer(registration).container, onWaiting)
    expect(onWaiting).toHaveBeenCalledWith(registration.waiting)
  })

  it('offers a version installed while the page is open, once it is installed', async () => {
    const registration = new FakeRegistration()
    registration.active = new FakeWorker('activated')
    const onWaiting = vi.fn()
    await registerServiceWorker(fakeContainer(registration).container, onWaiting)
    const next = new FakeWorker('installing')
    registration.find(next)
    expect(onWaiting).not.toHaveBeenCalled()
    next.become('installed')
    expect(onWaiting).toHaveBeenCalledWith(next)
  })

  it('offers nothing on the first install: nothing is active, so the new worker never waits', async () => {
    const registration = new FakeRegistration()
    const onWaiting = vi.fn()
    await registerServiceWorker(fakeContainer(registration).container, onWaiting)
    const first = new FakeWorker('installing')
    registration.find(first)
    first.become('installed')
    first.become('activated')
    expect(onWaiting).not.toHaveBeenCalled()
  })
})

describe('takeOver', () => {
  it('asks the waiting worker to skip waiting, in words the worker accepts, and reloads once it controls', () => {
    const { container, events } = fakeContainer(new FakeRegistration())
    const waiting = new FakeWorker('installed')
    const reload = vi.fn()
    takeOver(container, asWorker(waiting), reload)
    expect(waiting.messages).toEqual([SKIP_WAITING_MESSAGE])
    expect(isSkipWaitingMessage(waiting.messages[0])).toBe(true)
    expect(reload).not.toHaveBeenCalled()
    events.dispatchEvent(new Event('controllerchange'))
    events.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
