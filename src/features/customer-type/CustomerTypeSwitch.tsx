/**
 * The customer-type switch of the header's utility bar (docs/product-rules.md#customer-types-and-prices): the
 * configured types (private person, business, student, curve). Choosing one sets the type and
 * whether prices include VAT (from the type's configured entry), emits customer-type:change and
 * stores the choice in the `lumo-user-type` cookie, so the server renders the next page with the
 * same prices. Every <Price> follows at once.
 */
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { COOKIES, writeCookie } from '../../shared/cookies'
import { changeCustomerType } from '../../app/global-slice'
import { useAppDispatch, useAppSelector } from '../../app/hooks'

export function CustomerTypeSwitch() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const current = useAppSelector((state) => state.global.customerType)
  const types = useAppSelector((state) => state.global.config.customerTypes)
  const selectId = useId()
  if (types.length < 2) return null
  return (
    <div className="channel-switch customer-type-switch">
      <div className="field">
        <label htmlFor={selectId}>{intl.formatMessage({ id: 'customerType.label' })}</label>
        <select
          id={selectId}
          name="customerType"
          value={current}
          onChange={(event) => {
            const type = event.target.value
            if (dispatch(changeCustomerType(type))) writeCookie(COOKIES.userType, type)
          }}
        >
          {types.map((entry) => (
            <option key={entry.type} value={entry.type}>
              {intl.formatMessage({ id: `customerType.${entry.type}` })}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
