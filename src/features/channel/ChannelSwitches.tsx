/** The market, language and customer-type switches, as the channel menu's dialog shows them (ChannelMenu). */
import { LanguageSwitch } from './LanguageSwitch'
import { MarketSwitch } from './MarketSwitch'
import { CustomerTypeSwitch } from '../customer-type/CustomerTypeSwitch'

export function ChannelSwitches() {
  return (
    <div className="channel-switches">
      <MarketSwitch />
      <LanguageSwitch />
      <CustomerTypeSwitch />
    </div>
  )
}
