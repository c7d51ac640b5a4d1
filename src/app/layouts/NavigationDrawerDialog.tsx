/** The navigation drawer's sheet (loaded when the menu button is first pressed; see NavigationDrawer). */
import { useIntl } from 'react-intl'
import { Dialog } from '../../features/product/Dialog'
import { MainNavigationLinks } from './MainNavigation'

export default function NavigationDrawerDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl()
  return (
    <Dialog title={intl.formatMessage({ id: 'nav.menu' })} onClose={onClose} className="nav-drawer">
      <nav aria-label={intl.formatMessage({ id: 'nav.mainLabel' })}>
        <MainNavigationLinks className="nav-drawer__list" onNavigate={onClose} />
      </nav>
    </Dialog>
  )
}
