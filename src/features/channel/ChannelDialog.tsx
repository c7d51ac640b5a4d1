/**
 * The dialog of the header's country-and-language control (ChannelMenu): where the shopper shops
 * now, and the market, language and customer-type switches. A chunk of its own, loaded when the
 * shopper opens it, so the switches cost a first load nothing.
 */
import { useIntl } from 'react-intl'
import { LOCALES, MARKETS } from '../../shared/markets'
import { useSite } from '../../app/site'
import { Dialog } from '../product/Dialog'
import { ChannelSwitches } from './ChannelSwitches'

export default function ChannelDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl()
  const { market, locale } = useSite()
  const { countryName, currency } = MARKETS[market]
  return (
    <Dialog
      title={intl.formatMessage({ id: 'channel.menu.title' })}
      onClose={onClose}
      className="channel-menu"
    >
      <p className="channel-menu__now">
        {intl.formatMessage(
          { id: 'channel.menu.now' },
          { country: countryName, currency, language: LOCALES[locale].name },
        )}
      </p>
      <ChannelSwitches />
    </Dialog>
  )
}
