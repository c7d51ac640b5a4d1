/**
 * What the account pages' loaders share. The pages are personal: never page-cached (`cacheable:
 * false` in src/shared/paths.ts) and always fetched fresh (api.ts). The `login-required`
 * middleware lets only a logged-in customer in; should the API still refuse the session (it
 * ended since, e.g. the account was deleted on another device), the state logs out (docs/product-rules.md#accounts-and-auth:
 * with no token the user is cleared) and the shopper goes to the login as that middleware sends
 * them.
 */
import type { PageLoaderArgs } from '../../app/route-types'
import { loginRedirect } from '../../app/middlewares'
import { loggedOut } from '../auth/slice'
import { isUnauthenticated } from './api'

export async function personalData<T>(
  { request, store, homePath }: Pick<PageLoaderArgs, 'request' | 'store' | 'homePath'>,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (!isUnauthenticated(error)) throw error
    store.dispatch(loggedOut())
    throw loginRedirect(homePath, new URL(request.url))
  }
}
