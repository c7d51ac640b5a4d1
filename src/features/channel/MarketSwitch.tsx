/**
 * The market switch (docs/product-rules.md#markets-and-urls): a labelled select and an apply button. Applying
 * stores the choice in the selected- and checkout-market cookies, tells the store (whose
 * listeners broadcast the change to other tabs) and opens the same page in the new market, in
 * that market's default language. The select follows the store, so a change made in another tab
 * shows here too.
 */
import { useId, useMemo, useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { MARKETS, isMarketAlias, type MarketAlias } from '../../shared/markets'
import { switchPath } from '../../shared/paths'
import { COOKIES, writeCookie } from '../../shared/cookies'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useSite } from '../../app/site'
import { marketChanged } from './slice'
import { currentFullPath, leaveTo } from './document-navigation'

export function MarketSwitch() {
  const intl = useIntl()
  const site = useSite()
  const dispatch = useAppDispatch()
  const current = useAppSelector((state) => state.channel.currentMarket)
  const allMarkets = useAppSelector((state) => state.channel.markets)
  // the checkout-only and virtual markets are not offered (filtered here to keep the selected value stable)
  const markets = useMemo(
    () => allMarkets.filter((market) => !market.onlyDisplayInCheckout && !market.virtual),
    [allMarkets],
  )
  const [picked, setPicked] = useState<MarketAlias | null>(null)
  const selectId = useId()
  const value = picked ?? current

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (value === site.market) return
    writeCookie(COOKIES.selectedMarket, value)
    writeCookie(COOKIES.checkoutMarket, value)
    dispatch(marketChanged(value))
    leaveTo(
      switchPath({
        pathname: currentFullPath(),
        from: { market: site.market, locale: site.locale },
        to: { market: value, locale: MARKETS[value].defaultLocale },
        settings: site.urlSettings,
      }),
    )
  }

  return (
    <form className="channel-switch" onSubmit={apply}>
      <div className="field">
        <label htmlFor={selectId}>{intl.formatMessage({ id: 'channel.market.label' })}</label>
        <select
          id={selectId}
          name="market"
          value={value}
          onChange={(event) => {
            if (isMarketAlias(event.target.value)) setPicked(event.target.value)
          }}
        >
          {markets.map((market) => (
            <option key={market.alias} value={market.alias}>
              {intl.formatMessage(
                { id: 'channel.market.option' },
                // Each country in its own language, as shoppers look for their own.
                { country: MARKETS[market.alias].countryName, currency: MARKETS[market.alias].currency },
              )}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary">
        {intl.formatMessage({ id: 'channel.apply' })}
      </button>
    </form>
  )
}
