/**
 * The options of the search popup, grouped (recent searches, trending searches, phrases,
 * categories and brands, products). Rendered inside the combobox's listbox; focus stays in the
 * field, so options are chosen by pointer here and by keyboard through aria-activedescendant.
 * A recent search's × removes it (Delete does the same from the keyboard).
 */
import { useIntl } from 'react-intl'
import { useSite } from '../../app/site'
import { MARKETS } from '../../shared/markets'
import { formatMoney, fromDecimal } from '../../shared/money'
import { LOCALES } from '../../shared/markets'
import type { SuggestionGroup, SuggestionOption } from './combobox-state'
import { highlightRuns } from './suggestion-groups'

export interface SuggestionListProps {
  groups: SuggestionGroup[]
  activeId: string | null
  optionId: (option: SuggestionOption) => string
  onChoose: (option: SuggestionOption) => void
  onHover: (option: SuggestionOption) => void
  onRemoveRecent: (q: string) => void
}

function Highlighted({ text, fallback }: { text?: string; fallback: string }) {
  if (!text) return <>{fallback}</>
  return (
    <>
      {highlightRuns(text).map((run, index) =>
        run.strong ? <strong key={index}>{run.text}</strong> : <span key={index}>{run.text}</span>,
      )}
    </>
  )
}

function ProductOption({ option }: { option: SuggestionOption }) {
  const { market, locale } = useSite()
  const product = option.product!
  const image = product.imageInfo.images[0]?.sources[0]
  const price = formatMoney(
    fromDecimal(product.sellingPrice.min, MARKETS[market].currency),
    MARKETS[market].currency,
    LOCALES[locale].iso,
  )
  return (
    <span className="suggestion-product">
      {image ? (
        <img
          className="suggestion-product__image"
          src={image.url}
          alt=""
          width={48}
          height={64}
          loading="lazy"
        />
      ) : (
        <span className="suggestion-product__image" aria-hidden="true" />
      )}
      <span className="suggestion-product__text">
        <span className="suggestion-product__brand">{product.brand}</span>
        <span className="suggestion-product__title">{product.title}</span>
        <span className="suggestion-product__price">{price}</span>
      </span>
    </span>
  )
}

export default function SuggestionList(props: SuggestionListProps) {
  const intl = useIntl()
  return (
    <>
      {props.groups.map((group) => {
        const headingId = `${props.optionId({ id: `group-${group.kind}`, kind: group.kind, label: '' })}`
        return (
          <li
            key={group.kind}
            role="presentation"
            className={`suggestion-group suggestion-group--${group.kind}`}
          >
            <span id={headingId} className="suggestion-group__heading" aria-hidden="true">
              {intl.formatMessage({ id: `search.group.${group.kind}` })}
            </span>
            <ul role="group" aria-labelledby={headingId} className="plain-list">
              {group.options.map((option) => (
                <li
                  key={option.id}
                  id={props.optionId(option)}
                  role="option"
                  aria-selected={props.activeId === option.id}
                  className="suggestion"
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (props.activeId !== option.id) props.onHover(option)
                  }}
                  onClick={() => props.onChoose(option)}
                >
                  {option.kind === 'product' ? (
                    <ProductOption option={option} />
                  ) : (
                    <span className="suggestion__label">
                      <Highlighted text={option.highlighted} fallback={option.label} />
                    </span>
                  )}
                  {option.kind === 'recent' ? (
                    <span
                      className="suggestion__remove"
                      aria-hidden="true"
                      title={intl.formatMessage({ id: 'search.recent.remove' }, { query: option.label })}
                      onClick={(event) => {
                        event.stopPropagation()
                        props.onRemoveRecent(option.q!)
                      }}
                    >
                      ×
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        )
      })}
    </>
  )
}
