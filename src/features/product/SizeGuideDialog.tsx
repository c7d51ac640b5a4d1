/** The size guide: the body measurements (cm) of the product's sizes, in a dialog. */
import { useIntl } from 'react-intl'
import { Dialog } from './Dialog'
import { sizeChart } from './size-guide'

export default function SizeGuideDialog({
  sizes,
  onClose,
}: {
  sizes: readonly string[]
  onClose: () => void
}) {
  const intl = useIntl()
  const chart = sizeChart(sizes, (value) => intl.formatNumber(value, { maximumFractionDigits: 1 }))
  return (
    <Dialog
      title={intl.formatMessage({ id: 'product.sizeGuide.title' })}
      onClose={onClose}
      className="size-guide"
    >
      {chart ? (
        <>
          <p>{intl.formatMessage({ id: 'product.sizeGuide.intro' })}</p>
          <table className="size-guide__table">
            <caption className="visually-hidden">
              {intl.formatMessage({ id: 'product.sizeGuide.caption' })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage({ id: 'product.sizeGuide.size' })}</th>
                {chart.columns.map((column) => (
                  <th key={column} scope="col">
                    {intl.formatMessage({ id: column })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => (
                <tr key={row.size}>
                  <th scope="row">{row.size}</th>
                  {row.values.map((value, index) => (
                    <td key={index}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </Dialog>
  )
}
