/** The content panel's dialog: the page's title and texts, and a link to the page itself. */
import { useIntl } from 'react-intl'
import { useSite } from '../../app/site'
import { contentPageByAlias } from '../../shared/content-pages'
import { RouteLink } from '../../ui/RouteLink'
import { Dialog } from '../product/Dialog'
import { ContentPageParagraphs } from '../../routes/content/ContentPageView'

export default function ContentPanelDialog({ alias, onClose }: { alias: string; onClose: () => void }) {
  const intl = useIntl()
  const { locale } = useSite()
  const page = contentPageByAlias(alias)
  if (!page) return null
  return (
    <Dialog title={intl.formatMessage({ id: page.title })} onClose={onClose} className="content-panel">
      <ContentPageParagraphs page={page} />
      <p>
        <RouteLink to="content-page" params={{ alias: page.alias[locale] }} onClick={onClose}>
          {intl.formatMessage({ id: 'contentPanel.openPage' })}
        </RouteLink>
      </p>
    </Dialog>
  )
}
