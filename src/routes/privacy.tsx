/**
 * The privacy page (issue #13): what the shop collects and why, the three cookie categories and
 * where the choice is changed. The texts are the four languages' messages; the button opens the
 * same cookie settings as the footer.
 */
import { useIntl } from 'react-intl'
import { useAppDispatch } from '../app/hooks'
import { consentSettingsOpened } from '../features/consent/slice'
import { InfoPage } from '../ui/InfoPage'
import { messageMeta } from '../ui/page-meta'

/** The page's sections, each a heading and a text (message ids `page.privacy.{id}.title|text`). */
export const PRIVACY_SECTIONS = [
  'controller',
  'orders',
  'account',
  'necessary',
  'statistics',
  'marketing',
  'performance',
  'errors',
  'rights',
] as const

export const meta = messageMeta({ title: 'page.privacy.title', description: 'page.privacy.intro' })

export function Component() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const text = (id: string) => intl.formatMessage({ id })
  return (
    <InfoPage title={text('page.privacy.title')} intro={text('page.privacy.intro')}>
      {PRIVACY_SECTIONS.map((section) => (
        <section key={section} className="section" aria-labelledby={`privacy-${section}`}>
          <h2 id={`privacy-${section}`}>{text(`page.privacy.${section}.title`)}</h2>
          <p>{text(`page.privacy.${section}.text`)}</p>
        </section>
      ))}
      <p>
        <button type="button" className="button" onClick={() => dispatch(consentSettingsOpened())}>
          {text('footer.cookieSettings')}
        </button>
      </p>
    </InfoPage>
  )
}
