/**
 * What every layout mounts once besides its own frame: the browser behaviours of the shop (spec
 * §§2, 4: viewport, header hiding, connectivity, scroll rules, chunk-reload guard, store
 * listeners), the loading bar, the toast and the modal root.
 */
import { useClientBehaviours } from '../client/useClientBehaviours'
import { LoadingBar } from '../../features/loading/LoadingBar'
import { Snackbar } from '../../features/snackbar/Snackbar'
import { ModalRoot } from '../../features/modal/ModalRoot'
import { SHOP_MODALS } from './shop-modals'

export function ShopChrome() {
  useClientBehaviours()
  return (
    <>
      <LoadingBar />
      <Snackbar />
      <ModalRoot modals={SHOP_MODALS} />
    </>
  )
}
