/**
 * The filters of a product list (docs/product-rules.md#catalogue-and-lists: categories, brands, price, campaigns, sizes, discount,
 * and the products' parameters) in a modal side panel: a native <dialog> (focus kept inside,
 * Escape closes, the background inert), focus back on the opening button when it closes. Every
 * change navigates at once (the URL holds the selection), so the counts follow the choice.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { type FilterKey, type ListSelection } from '../../lib/list-url'
import {
  hasFilters,
  isSelected,
  priceRangeOf,
  toggleValue,
  withPriceRange,
  withoutFilters,
  type SelectionSlot,
} from '../../lib/list-selection'
import { listItems } from '../../graphql/list-items'
import type { Facet } from './query'
import { usePendingSelection } from './navigation'

const SLOT_OF_TYPE: Record<string, FilterKey> = {
  Category: 'categories',
  Brand: 'brands',
  Sku: 'skus',
  Campaign: 'campaigns',
  Discount: 'discount',
}

/** Where a facet's choices go in the selection: a filter key, or `p-{label}` for a parameter. */
export function slotOf(facet: Pick<Facet, 'type' | 'label' | 'filterId'>): SelectionSlot | null {
  const key = facet.type ? SLOT_OF_TYPE[facet.type] : undefined
  if (key) return { key }
  if (facet.type === 'Parameter') return { parameter: facet.label || facet.filterId }
  return null
}

export interface FacetsPanelProps {
  facets: Facet[]
  selection: ListSelection
  priceRange: { lowest: number; highest: number } | null
  count: number
}

export function FacetsPanel({ facets, selection: loaded, priceRange, count }: FacetsPanelProps) {
  const intl = useIntl()
  const [selection, go] = usePendingSelection(loaded)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const titleId = useId()
  const chosen = selectedCount(selection)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
    }
  }, [open])

  function close() {
    setOpen(false)
    openerRef.current?.focus()
  }

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className="button button--secondary list-filters__open"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {intl.formatMessage({ id: 'list.filters.open' })}
        {chosen > 0 ? ` (${chosen})` : null}
      </button>
      <dialog
        ref={dialogRef}
        className="list-filters"
        aria-labelledby={titleId}
        onClose={() => {
          // Escape closes the native dialog itself
          if (open) close()
        }}
        onClick={(event) => {
          // a click on the backdrop (the dialog element itself, outside its content) closes it
          if (event.target === event.currentTarget) close()
        }}
      >
        <div className="list-filters__content">
          <div className="list-filters__header">
            <h2 id={titleId}>{intl.formatMessage({ id: 'list.filters.title' })}</h2>
            <button type="button" className="button button--secondary" onClick={close}>
              {intl.formatMessage({ id: 'list.filters.close' })}
            </button>
          </div>
          {facets.map((facet) => {
            const slot = slotOf(facet)
            // A value without a facet id cannot be chosen (the API always sends one; the schema allows null).
            const values = listItems(facet.values).flatMap((value) =>
              value.facetId !== null &&
              (!value.hidden || (slot && isSelected(selection, slot, value.facetId)))
                ? [{ ...value, facetId: value.facetId, label: value.label ?? '' }]
                : [],
            )
            if (!slot || values.length === 0) return null
            return (
              <fieldset key={facet.filterId} className="list-filters__group">
                <legend>
                  {facet.label ||
                    ('key' in slot ? intl.formatMessage({ id: `list.facet.${slot.key}` }) : slot.parameter)}
                </legend>
                <ul className="plain-list" role="list">
                  {values.map((value) => {
                    const checked = isSelected(selection, slot, value.facetId)
                    // a size sold out everywhere in the list comes with 0 (ADR 0055): shown, not offered
                    const disabled = value.count === 0 && !checked
                    return (
                      <li key={value.facetId}>
                        <label
                          className={`list-filters__option${disabled ? ' list-filters__option--disabled' : ''}`}
                        >
                          <input
                            type="checkbox"
                            checked={checked}
                            disabled={disabled}
                            onChange={() =>
                              go(toggleValue(selection, slot, { id: value.facetId, label: value.label }))
                            }
                          />
                          {intl.formatMessage(
                            { id: 'list.facet.option' },
                            { label: value.label, count: value.count },
                          )}
                        </label>
                      </li>
                    )
                  })}
                </ul>
              </fieldset>
            )
          })}
          {priceRange && priceRange.highest > priceRange.lowest ? (
            <PriceFilter
              key={selection.price[0]?.id ?? ''}
              selection={selection}
              bounds={priceRange}
              onApply={(range) => go(withPriceRange(selection, range))}
            />
          ) : null}
          <div className="list-filters__footer">
            {hasFilters(selection) ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => go(withoutFilters(selection))}
              >
                {intl.formatMessage({ id: 'list.filters.clear' })}
              </button>
            ) : null}
            <button type="button" className="button" onClick={close}>
              {intl.formatMessage({ id: 'list.filters.show' }, { count })}
            </button>
          </div>
        </div>
      </dialog>
    </>
  )
}

function selectedCount(selection: ListSelection): number {
  return (
    selection.categories.length +
    selection.brands.length +
    selection.skus.length +
    selection.campaigns.length +
    selection.discount.length +
    selection.price.length +
    Object.values(selection.parameters).reduce((sum, values) => sum + values.length, 0)
  )
}

function PriceFilter({
  selection,
  bounds,
  onApply,
}: {
  selection: ListSelection
  bounds: { lowest: number; highest: number }
  onApply: (range: { lowest: number | null; highest: number | null } | null) => void
}) {
  const intl = useIntl()
  const current = priceRangeOf(selection)
  const [lowest, setLowest] = useState(current?.lowest?.toString() ?? '')
  const [highest, setHighest] = useState(current?.highest?.toString() ?? '')
  const minId = useId()
  const maxId = useId()
  const floor = Math.floor(bounds.lowest)
  const ceiling = Math.ceil(bounds.highest)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parse = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text))
    let low = parse(lowest)
    let high = parse(highest)
    if (low !== null && high !== null && low > high) [low, high] = [high, low]
    onApply(low === null && high === null ? null : { lowest: low, highest: high })
  }

  return (
    <form className="list-filters__group list-filters__price" onSubmit={submit}>
      <fieldset>
        <legend>{intl.formatMessage({ id: 'list.facet.price' })}</legend>
        <div className="list-filters__price-fields">
          <div className="field">
            <label htmlFor={minId}>{intl.formatMessage({ id: 'list.price.min' })}</label>
            <input
              id={minId}
              type="number"
              inputMode="numeric"
              min={0}
              placeholder={String(floor)}
              value={lowest}
              onChange={(event) => setLowest(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={maxId}>{intl.formatMessage({ id: 'list.price.max' })}</label>
            <input
              id={maxId}
              type="number"
              inputMode="numeric"
              min={0}
              placeholder={String(ceiling)}
              value={highest}
              onChange={(event) => setHighest(event.target.value)}
            />
          </div>
        </div>
        <button type="submit" className="button button--secondary">
          {intl.formatMessage({ id: 'list.price.apply' })}
        </button>
      </fieldset>
    </form>
  )
}
