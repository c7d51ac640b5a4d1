/**
 * The language switch (docs/product-rules.md#markets-and-urls): offers only the languages the page's market
 * allows and is left out where there is just one. Applying stores the choice in the locale
 * cookie (which domain mode reads before the path prefix), tells the store and opens the same
 * page under its localised path; the new document boots with that language's messages.
 */
import { useId, useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { LOCALES, MARKETS, isLocaleCode, type LocaleCode } from '../../shared/markets'
import { switchPath } from '../../shared/paths'
import { COOKIES, writeCookie } from '../../shared/cookies'
import { useAppDispatch } from '../../app/hooks'
import { useSite } from '../../app/site'
import { localeSet } from './slice'
import { currentFullPath, leaveTo } from './document-navigation'

export function LanguageSwitch() {
  const intl = useIntl()
  const site = useSite()
  const dispatch = useAppDispatch()
  const [picked, setPicked] = useState<LocaleCode | null>(null)
  const selectId = useId()
  const allowed = MARKETS[site.market].allowedLocales
  if (allowed.length < 2) return null
  const value = picked ?? site.locale

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (value === site.locale) return
    writeCookie(COOKIES.locale, value)
    dispatch(localeSet(value))
    leaveTo(
      switchPath({
        pathname: currentFullPath(),
        from: { market: site.market, locale: site.locale },
        to: { market: site.market, locale: value },
        settings: site.urlSettings,
      }),
    )
  }

  return (
    <form className="channel-switch" onSubmit={apply}>
      <div className="field">
        <label htmlFor={selectId}>{intl.formatMessage({ id: 'channel.language.label' })}</label>
        <select
          id={selectId}
          name="locale"
          value={value}
          onChange={(event) => {
            if (isLocaleCode(event.target.value)) setPicked(event.target.value)
          }}
        >
          {allowed.map((code) => (
            <option key={code} value={code} lang={LOCALES[code].iso}>
              {LOCALES[code].name}
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
