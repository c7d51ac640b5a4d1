/** The market and language switch (and the customer-type switch) side by side, as the headers show them. */
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
