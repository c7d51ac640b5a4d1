/** How a rendered mail leaves: through SMTP_URL, or as an .eml file in DATA_DIR/outbox/. */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Config } from '../../config'
import type { MailLanguage, RenderedMail } from './render'

export const SENDER = 'Lumo <tilaukset@lumo.example>'
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }

export function outboxDirectory(dataDir: string): string {
  return path.join(dataDir, 'outbox')
}

export type Deliver = (
  rendered: RenderedMail,
  to: { email: string; language: MailLanguage; unsubscribeUrl?: string },
  fileLabel: string,
) => Promise<{ transport: 'outbox' | 'smtp'; location: string }>

export function createDelivery(config: Pick<Config, 'dataDir' | 'smtpUrl'>): Deliver {
  const transport = config.smtpUrl
    ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

  return async function deliver(
    rendered: RenderedMail,
    to: { email: string; language: MailLanguage; unsubscribeUrl?: string },
    fileLabel: string,
  ): Promise<{ transport: 'outbox' | 'smtp'; location: string }> {
    const info = (await transport.sendMail({
      from: SENDER,
      to: to.email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      headers: {
        'Content-Language': to.language,
        // RFC 8058: a mail program's own button POSTs to the link (server/ssr/one-click-unsubscribe.ts)
        ...(to.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      },
      ...(to.unsubscribeUrl
        ? { list: { unsubscribe: { url: to.unsubscribeUrl, comment: 'unsubscribe' } } }
        : {}),
    })) as { message?: Buffer; messageId?: string }
    if (config.smtpUrl) return { transport: 'smtp', location: info.messageId ?? '' }
    const directory = outboxDirectory(config.dataDir)
    await mkdir(directory, { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = `${stamp}-${fileLabel}.eml`
    await writeFile(path.join(directory, file), info.message ?? Buffer.alloc(0))
    return { transport: 'outbox', location: file }
  }
}
