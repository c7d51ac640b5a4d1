/**
 * The carriers the shop ships with and their public tracking pages: a shipment names its carrier
 * and parcel number, and the tracking link (OrderType.shippingDetails, the `order-shipped` mail)
 * is built here. Another carrier may be named with its own https tracking link.
 */
export const CARRIER_TRACKING_PAGES: Record<string, string> = {
  posti: 'https://www.posti.fi/fi/seuranta#/lahetys/{parcel}',
  postnord: 'https://tracking.postnord.com/?id={parcel}',
  bring: 'https://tracking.bring.com/tracking/{parcel}',
  dhl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={parcel}',
  gls: 'https://gls-group.com/track/{parcel}',
  budbee: 'https://tracking.budbee.com/{parcel}',
}

export function knownCarrier(carrier: string): boolean {
  return carrier.trim().toLowerCase() in CARRIER_TRACKING_PAGES
}

/** The parcel's tracking link: the carrier's page, or the link given for another carrier. */
export function trackingLinkFor(carrier: string, parcel: string, given?: string): string | null {
  if (given) return given
  const page = CARRIER_TRACKING_PAGES[carrier.trim().toLowerCase()]
  return page ? page.replace('{parcel}', encodeURIComponent(parcel)) : null
}
