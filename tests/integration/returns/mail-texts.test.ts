/**
 * The shipping, returns and cancel e-mails (order-shipped, return-registered, return-refunded,
 * order-cancelled) render in each of the four languages from their locale texts: every placeholder
 * the producers (server/services/graphql/returns/mails.ts) fill is used and none is left open, with
 * a plain-text part and the tracking button where there is a link.
 */
import { describe, expect, it } from 'vitest'
import type { NoticeMailPayload } from '../../../server/contracts/mail'
import { renderNoticeMail } from '../../../server/services/mail/render'

const LANGUAGES = ['fi', 'sv', 'nb', 'da'] as const

const MAILS: Record<string, NoticeMailPayload & { params: { number: string } }> = {
  'order-shipped': {
    firstName: 'Paula',
    params: { number: '1042', days: '14', carrier: 'posti', trackingNumber: 'JJFI6451230' },
    actionUrl: 'https://www.posti.fi/fi/seuranta#/lahetys/JJFI6451230',
  },
  'return-registered': {
    firstName: 'Paula',
    params: { number: 'R1042-1', orderNumber: '1042', until: '9.12.2026' },
    lines: ['1 × Lumo Studio Musta satiinimekko, 34 – Liian pieni'],
  },
  'return-refunded': {
    firstName: 'Paula',
    params: { number: 'R1042-1', orderNumber: '1042', amount: '59,95 €', destination: 'x' },
    lines: ['1 × Lumo Studio Musta satiinimekko, 34'],
  },
  'order-cancelled': {
    firstName: 'Paula',
    params: { number: '1042' },
    lines: ['1 × Lumo Studio Musta satiinimekko, 34'],
  },
}

describe('shipping and returns e-mails', () => {
  for (const [kind, payload] of Object.entries(MAILS)) {
    it(`${kind} is written in the four languages, every placeholder filled`, () => {
      const subjects = LANGUAGES.map((language) => {
        const mail = renderNoticeMail({ kind, language, payload, shopUrl: 'https://lumo.example' })
        expect(mail.text).toContain('Paula')
        expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\{\w+\}/)
        expect(mail.subject).toContain(payload.params.number)
        for (const line of payload.lines ?? []) expect(mail.text).toContain(line)
        if (payload.actionUrl) expect(mail.html).toContain(`href="${payload.actionUrl}"`)
        if (kind === 'return-registered') expect(mail.text).toContain('9.12.2026')
        if (kind === 'return-refunded') expect(mail.text).toContain('59,95 €')
        return mail.subject
      })
      expect(new Set(subjects).size).toBe(4)
    })
  }
})
