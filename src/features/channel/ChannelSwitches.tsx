/** The market and language switch side by side, as the headers show them. */
import { LanguageSwitch } from './LanguageSwitch'
import { MarketSwitch } from './MarketSwitch'

export function ChannelSwitches() {
  return (
    <div className="channel-switches">
      <MarketSwitch />
      <LanguageSwitch />
    </div>
  )
}
