/**
 * The product's details from its parameters (docs/product-rules.md#product-page): colour, material, laundry guide, country
 * of production, and the model's height and size, each with the API's label in the page's
 * language. Only parameters the API marks as shown.
 */
import { useIntl } from 'react-intl'
import type { ProductData, ProductParameter } from './types'
import { markHydrated } from './Deferred'

/** The order the details are listed in; other shown parameters follow. */
const DETAIL_ORDER = ['Color', 'Material', 'LaundryGuide', 'ProducedIn', 'ModelHeight', 'ModelSize']

export function detailParameters(groups: ProductData['parameterGroups']): ProductParameter[] {
  const parameters = (groups ?? [])
    .flatMap((group) => group?.parameters ?? [])
    .filter((parameter): parameter is ProductParameter =>
      Boolean(parameter?.show && parameter.value && parameter.label),
    )
  const rank = (parameter: ProductParameter) => {
    const index = DETAIL_ORDER.indexOf(parameter.identifier ?? '')
    return index === -1 ? DETAIL_ORDER.length : index
  }
  return parameters.sort((a, b) => rank(a) - rank(b))
}

export default function ProductDetails({ product }: { product: ProductData }) {
  const intl = useIntl()
  const details = detailParameters(product.parameterGroups)
  const texts = [product.texts?.text1, product.texts?.text2, product.texts?.text3].filter(
    (text): text is string => Boolean(text?.trim()),
  )
  return (
    <section className="product-details" aria-labelledby="product-details-title" ref={markHydrated}>
      <h2 id="product-details-title">{intl.formatMessage({ id: 'product.details.title' })}</h2>
      {texts.map((text, index) => (
        <p key={index}>{text}</p>
      ))}
      {details.length > 0 ? (
        <dl className="product-details__list">
          {details.map((parameter) => (
            <div key={parameter.parameterId} className="product-details__row">
              <dt>{parameter.label}</dt>
              <dd>{parameter.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {product.articleNumber ? (
        <p className="product-details__article">
          {intl.formatMessage({ id: 'product.articleNumber' }, { number: product.articleNumber })}
        </p>
      ) : null}
    </section>
  )
}
