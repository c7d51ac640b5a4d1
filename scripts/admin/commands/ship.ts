import { parseArgs } from 'node:util'
import type { AdminCommand } from './types'

interface ShipAnswer {
  orderId: number
  status: string
  shipment: { carrier: string; parcelNumber: string; trackingLink: string | null }
}

export const shipCommand: AdminCommand = {
  name: 'ship',
  summary: 'ship an order: status, carrier and parcel number; the customer gets the tracking e-mail',
  usage:
    '--order <number> --carrier <posti|postnord|bring|dhl|gls|budbee|…> --tracking <parcel> [--tracking-url <https://…>]',
  async run(args, call, print) {
    const { values } = parseArgs({
      args,
      options: {
        order: { type: 'string' },
        carrier: { type: 'string' },
        tracking: { type: 'string' },
        'tracking-url': { type: 'string' },
      },
    })
    if (!values.order || !values.carrier || !values.tracking)
      throw new Error('ship needs --order, --carrier and --tracking')
    const answer = await call<ShipAnswer>('POST', `/orders/${encodeURIComponent(values.order)}/ship`, {
      carrier: values.carrier,
      trackingNumber: values.tracking,
      ...(values['tracking-url'] ? { trackingUrl: values['tracking-url'] } : {}),
    })
    print(
      `order ${answer.orderId} ${answer.status}: ${answer.shipment.carrier} ${answer.shipment.parcelNumber}` +
        (answer.shipment.trackingLink ? ` ${answer.shipment.trackingLink}` : ''),
    )
  },
}
