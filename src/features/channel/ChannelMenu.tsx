/**
 * The header's one compact control for where the shopper shops (issue #12 item 6): a button that
 * shows the current country code and currency and opens a dialog with the market, language and
 * customer-type switches (ChannelDialog, loaded on first open). It replaces the utility bar of
 * three selects, which took three rows on a phone. The switches keep their own behaviour
 * (cookies, store, a new document).
 */
import { lazy, Suspense, useState } from 'react'
import { useIntl } from 'react-intl'
import { MARKETS } from '../../shared/markets'
import { useSite } from '../../app/site'

const ChannelDialog = lazy(() => import('./ChannelDialog'))

export function ChannelMenu() {
  const intl = useIntl()
  const { market, locale } = useSite()
  const [open, setOpen] = useState(false)
  const { countryName, currency } = MARKETS[market]
  const current = intl.formatMessage(
    { id: 'channel.menu.current' },
    { country: countryName, code: market.toUpperCase(), language: locale.toUpperCase(), currency },
  )
  return (
    <>
      <button
        type="button"
        className="channel-menu__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        // the visible text is the name's end (label in name), the name says what the control is for
        aria-label={`${intl.formatMessage({ id: 'channel.menu.label' })}: ${current}`}
        onClick={() => setOpen(true)}
      >
        <span className="channel-menu__current">{current}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ChannelDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
