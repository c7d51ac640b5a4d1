/**
 * What every layout mounts once besides its own frame: the browser behaviours of the shop (spec
 * §§2, 4: viewport, header hiding, connectivity, scroll rules, chunk-reload guard, store
 * listeners). Renders nothing on its own.
 */
import { useClientBehaviours } from '../client/useClientBehaviours'

export function ShopChrome() {
  useClientBehaviours()
  return null
}
