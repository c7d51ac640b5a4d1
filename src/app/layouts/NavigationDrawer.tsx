/**
 * The navigation drawer of small screens (below the 1024 px computer breakpoint): a menu button
 * in the header opens the main navigation as a modal sheet from the left (the native dialog keeps
 * focus inside and gives it back to the button; Escape closes it). Choosing a link closes it.
 * The sheet is a chunk of its own, loaded on the first press.
 */
import { lazy, Suspense, useState } from 'react'
import { useIntl } from 'react-intl'
import { MenuIcon } from '../../ui/icons'

const NavigationDrawerDialog = lazy(() => import('./NavigationDrawerDialog'))

export function NavigationDrawer() {
  const intl = useIntl()
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <>
      <button
        type="button"
        className="header-icon-button nav-drawer__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
        <span className="visually-hidden">{intl.formatMessage({ id: 'nav.menu' })}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NavigationDrawerDialog onClose={close} />
        </Suspense>
      ) : null}
    </>
  )
}
