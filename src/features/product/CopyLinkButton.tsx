/**
 * Copies the product page's address for sharing, and says in the toast whether it worked (the
 * clipboard can be refused: an insecure page, a denied permission).
 */
import { useIntl } from 'react-intl'
import { useAppDispatch } from '../../app/hooks'
import { snackbarShown } from '../snackbar/slice'

export function CopyLinkButton({ url }: { url: string }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      dispatch(snackbarShown({ message: intl.formatMessage({ id: 'toast.linkCopied' }), type: 'success' }))
    } catch {
      dispatch(snackbarShown({ message: intl.formatMessage({ id: 'toast.copyFailed' }), type: 'warning' }))
    }
  }
  return (
    <button type="button" className="button button--secondary product-page__copy" onClick={() => void copy()}>
      {intl.formatMessage({ id: 'product.copyLink' })}
    </button>
  )
}
