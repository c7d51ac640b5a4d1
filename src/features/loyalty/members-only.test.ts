import { describe, expect, it } from 'vitest'
import { createMemoryRouter } from 'react-router'
import { isMembersOnly, membersOnlyResponse } from './members-only'

/** The error a route's loader leaves in the router's state when it throws `thrown`. */
async function routeErrorOf(thrown: () => unknown): Promise<unknown> {
  const router = createMemoryRouter(
    [
      {
        id: 'page',
        path: '/',
        loader: () => {
          throw thrown()
        },
        errorElement: null,
      },
    ],
    { initialEntries: ['/'] },
  )
  await router.initialize()
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve()
    else router.subscribe((state) => state.initialized && resolve())
  })
  const error = router.state.errors?.page
  router.dispose()
  return error
}

describe('members-only 404', () => {
  it('reaches the error page as a 404 the page can tell from an unknown address', async () => {
    const error = await routeErrorOf(membersOnlyResponse)
    expect(isMembersOnly(error)).toBe(true)
  })

  it('is not claimed by an ordinary 404 or another status', async () => {
    expect(isMembersOnly(await routeErrorOf(() => new Response('Not Found', { status: 404 })))).toBe(false)
    expect(isMembersOnly(await routeErrorOf(() => new Response('members-only', { status: 403 })))).toBe(false)
    expect(isMembersOnly(new Error('members-only'))).toBe(false)
  })
})
