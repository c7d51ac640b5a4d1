/**
 * `npm run bench -- faults`: the fault matrix of issue #15 item 4. For each outside service
 * (search, loyalty, favourites, images, payments) down (a closed port) and hanging (accepts,
 * never answers), the status and time of each page, the browser's favourites call and a card
 * order. What each page must still show is asserted by tests/integration/server/fault-matrix.test.ts;
 * this prints the table for the closing note.
 */
import {
  FAULT_MODES,
  FAULTY_SERVICES,
  gql,
  newCart,
  startFaultyShop,
  timed,
  visitPages,
  type FaultyService,
  type PageName,
} from '../../tests/integration/server/fault-scenarios'
import type { Benchmark, BenchmarkResult, BenchmarkRow } from './index'

const PAGE_ORDER: PageName[] = ['home', 'list', 'product', 'search', 'checkout', 'favourites']
const CARD_ORDER = `mutation ($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId } }`

const cell = (status: number | string, ms: number) => `${status} ${(ms / 1000).toFixed(2)} s`

export const benchmark: Benchmark = {
  name: 'faults',
  title: 'Fault matrix: one service down or hanging (issue #15 item 4)',
  async run(): Promise<BenchmarkResult> {
    const rows: BenchmarkRow[] = []
    const scenarios: [FaultyService | null, (typeof FAULT_MODES)[number]][] = [
      [null, 'down'],
      ...(Object.keys(FAULTY_SERVICES) as FaultyService[]).flatMap((service) =>
        FAULT_MODES.map((mode) => [service, mode] as [FaultyService, (typeof FAULT_MODES)[number]]),
      ),
    ]
    for (const [service, mode] of scenarios) {
      const faulty = await startFaultyShop(service, mode)
      try {
        const pages = await visitPages(faulty)
        const likes = await timed(() =>
          faulty.shop.app.inject({
            method: 'GET',
            url: '/api/likes/users/nobody/products',
            headers: { host: '127.0.0.1:3000', 'x-lumo-csrf': '1' },
          }),
        )
        const cartId = await newCart(faulty.shop, faulty.skuId)
        const started = performance.now()
        const card = await gql<{ placeOrder: { orderId: string } }>(faulty.shop, CARD_ORDER, {
          cartId,
          checkout: {
            email: 'vika@example.test',
            paymentId: 1,
            shippingId: 1,
            billingAddress: {
              firstName: 'Vika',
              lastName: 'Testaaja',
              addressLine1: 'Aleksanterinkatu 5',
              zip: '00100',
              city: 'Helsinki',
            },
          },
        })
        const cardMs = performance.now() - started
        const cells = [
          ...PAGE_ORDER.map((name) => `${name} ${cell(pages[name].response.statusCode, pages[name].ms)}`),
          `/api/likes ${cell(likes.response.statusCode, likes.ms)}`,
          `card order ${cell(card.errors ? 'error' : 'ok', cardMs)}`,
        ]
        rows.push({ metric: service ? `${service} ${mode}` : 'no fault', value: cells.join(' · ') })
      } finally {
        await faulty.close()
      }
    }
    return {
      rows,
      notes: [
        'Production build, app.inject, PGlite; pages requested one after another in the order shown, each once (page cache: first request a miss).',
        'Down: the service URL names a closed port. Hanging: a TCP server that accepts and never answers.',
        'Service calls end after the service fetch timeout (10 s), the search page’s own server timeout, or at once when the circuit is open.',
      ],
    }
  },
}
