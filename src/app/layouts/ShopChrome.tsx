/**
 * What every layout mounts once besides its own frame: the loading bar and the delayed loading
 * indicator of slow navigations, the toast and what feeds it, the modal root, the content and
 * quickshop panels, the cart's drawer and popup, the answer to `?action=login`, the cookie
 * banner and a notice while the shopper is offline. (The browser behaviours themselves live in RootShell,
 * so a layout change does not reset them.)
 */
import { useIntl } from 'react-intl'
import { useAppSelector } from '../hooks'
import { LoadingBar } from '../../features/loading/LoadingBar'
import { Snackbar } from '../../features/snackbar/Snackbar'
import { ModalRoot } from '../../features/modal/ModalRoot'
import { SHOP_MODALS } from './shop-modals'
import { QuickshopPanel } from '../../features/quickshop/QuickshopPanel'
import { CartOverlays } from '../../features/cart/CartOverlays'
import { LoginAction } from '../../features/auth/LoginAction'
import { ConsentBanner } from '../../features/consent/ConsentBanner'
import { DelayedLoading } from '../../features/loading/DelayedLoading'
import { FeedbackToasts } from '../../features/snackbar/FeedbackToasts'
import { ContentPanel } from '../../features/contentpanel/ContentPanel'

/** Shown while the browser is offline (the server always renders the page as online). */
function OfflineNotice() {
  const intl = useIntl()
  const online = useAppSelector((state) => state.global.online)
  return (
    <div className="offline-notice-region" role="status">
      {online ? null : <p className="offline-notice">{intl.formatMessage({ id: 'status.offline' })}</p>}
    </div>
  )
}

export function ShopChrome() {
  return (
    <>
      <OfflineNotice />
      <LoadingBar />
      <div className="route-delayed-loading">
        <DelayedLoading />
      </div>
      <Snackbar />
      <FeedbackToasts />
      <ContentPanel />
      <ModalRoot modals={SHOP_MODALS} />
      <QuickshopPanel />
      <CartOverlays />
      <LoginAction />
      <ConsentBanner />
    </>
  )
}
