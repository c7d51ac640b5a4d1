/** The size guide button beside the sizes; the guide itself (a dialog) loads on first use. */
import { lazy, Suspense, useState } from 'react'
import { useIntl } from 'react-intl'
import { sizeChart } from './size-guide'

const SizeGuideDialog = lazy(() => import('./SizeGuideDialog'))

export function SizeGuide({ sizes }: { sizes: readonly string[] }) {
  const intl = useIntl()
  const [open, setOpen] = useState(false)
  if (!sizeChart(sizes)) return null
  return (
    <>
      <button
        type="button"
        className="link-button size-guide__open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {intl.formatMessage({ id: 'product.sizeGuide.open' })}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SizeGuideDialog sizes={sizes} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
