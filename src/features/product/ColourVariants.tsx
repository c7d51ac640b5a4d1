/**
 * The style's other colours (ProductType.variantGroup): a swatch link per colour to that colour's
 * product page, the current colour marked. Shown when the product is sold in more than one colour.
 */
import { useIntl } from 'react-intl'
import { RouteLink } from '../../ui/RouteLink'
import type { ColourVariant, ProductData } from './types'

export function colourVariants(product: Pick<ProductData, 'variantGroup'>): ColourVariant[] {
  return (product.variantGroup?.variants ?? []).filter(
    (variant): variant is ColourVariant => variant !== null && Boolean(variant.alias),
  )
}

function swatch(variant: ColourVariant): string | undefined {
  const hex = variant.attributes?.find((attribute) => attribute?.key === 'hex')?.value
  return hex && /^#[0-9a-f]{6}$/i.test(hex) ? hex : undefined
}

export function ColourVariants({ product }: { product: ProductData }) {
  const intl = useIntl()
  const variants = colourVariants(product)
  const current = variants.find((variant) => variant.productId === product.productId)
  if (variants.length < 2) return null
  return (
    <nav className="colour-variants" aria-label={intl.formatMessage({ id: 'product.colours' })}>
      {current?.label ? (
        <p className="colour-variants__current">
          {intl.formatMessage({ id: 'product.colour.current' }, { colour: current.label })}
        </p>
      ) : null}
      <ul className="colour-variants__list plain-list" role="list">
        {variants.map((variant) => {
          const isCurrent = variant.productId === product.productId
          return (
            <li key={variant.productId}>
              <RouteLink
                to="product"
                params={{ '*': variant.alias ?? '' }}
                className="colour-variants__swatch"
                aria-current={isCurrent ? 'page' : undefined}
                aria-label={variant.label ?? variant.name ?? ''}
                title={variant.label ?? undefined}
              >
                <span aria-hidden="true" style={{ background: swatch(variant) }} />
              </RouteLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
