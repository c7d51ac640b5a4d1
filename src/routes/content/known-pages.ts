/**
 * The shop's own information pages (about, customer service, shipping, returns, terms), served
 * by the catch-all content route `/{alias}` and by `/content/{alias}`. Their texts are messages
 * in locales/, with the shop's figures filled in. The alias is the same in every language, so
 * the language switch keeps the page; any other alias is a 404.
 */
export interface ContentPageDefinition {
  alias: string
  /** message id of the page title (also the footer link) */
  title: string
  /** message ids of the paragraphs */
  paragraphs: readonly string[]
}

export const CONTENT_PAGES: readonly ContentPageDefinition[] = [
  { alias: 'about', title: 'footer.about', paragraphs: ['content.about.p1', 'content.about.p2'] },
  {
    alias: 'customer-service',
    title: 'footer.customerService',
    paragraphs: ['content.customerService.p1', 'content.customerService.p2'],
  },
  { alias: 'shipping', title: 'footer.shipping', paragraphs: ['content.shipping.p1', 'content.shipping.p2'] },
  { alias: 'returns', title: 'footer.returns', paragraphs: ['content.returns.p1', 'content.returns.p2'] },
  { alias: 'terms', title: 'footer.terms', paragraphs: ['content.terms.p1', 'content.terms.p2'] },
]

export function contentPageByAlias(alias: string | undefined): ContentPageDefinition | undefined {
  return CONTENT_PAGES.find((page) => page.alias === alias)
}
