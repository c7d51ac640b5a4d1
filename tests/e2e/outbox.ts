/**
 * The server's mail outbox (DATA_DIR/outbox, E2E_DATA_DIR in the end-to-end run): what a customer
 * would find in their inbox, read by the suites that follow an e-mail link.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The path of the password-reset link in the newest outbox mail to `email` (quoted-printable
 * soft breaks and `=3D` decoded), or null while the mail service has not sent it yet.
 */
export async function resetLinkFor(email: string): Promise<string | null> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the reset test reads the server’s outbox')
  const outbox = path.join(dataDir, 'outbox')
  const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse()
  for (const file of files) {
    const mail = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    if (!mail.includes(email)) continue
    const match = /https?:\/\/[^/\s]+(\/[^\s"<>]*\/account\/reset-password\?key=[A-Za-z0-9_-]+)/.exec(mail)
    if (match) return match[1]!
  }
  return null
}

/** Every outbox mail to `email`, oldest first, raw (headers too) with quoted-printable soft breaks and `=3D` decoded. */
export async function rawMailsTo(email: string): Promise<string[]> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the suite reads the server’s outbox')
  const outbox = path.join(dataDir, 'outbox')
  const files = (await readdir(outbox).catch(() => [] as string[])).sort()
  const mails: string[] = []
  for (const file of files) {
    const mail = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    if (new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail)) mails.push(mail)
  }
  return mails
}

/** The path (and query) of the first link in `mail` whose path contains `fragment`, or null. */
export function linkIn(mail: string, fragment: string): string | null {
  for (const match of mail.matchAll(/https?:\/\/[^/\s"<>]+(\/[^\s"<>]*)/g)) {
    if (match[1]!.includes(fragment)) return match[1]!.replace(/&amp;/g, '&')
  }
  return null
}
export interface OutboxMail {
  subject: string
  /** the plain-text part, decoded */
  text: string
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let index = 0; index < joined.length; index++) {
    const hex = joined[index] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(index + 1, index + 3)) : null
    if (hex) {
      bytes.push(parseInt(hex[0], 16))
      index += 2
    } else bytes.push(...Buffer.from(joined[index]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** `=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=` words of a header, decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_whole, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

/**
 * Every outbox mail to `email`, oldest first, with its subject and plain-text part decoded
 * (quoted-printable or base64), for the suites that check what a customer was told.
 */
export async function mailsTo(email: string): Promise<OutboxMail[]> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the test reads the server’s outbox')
  const outbox = path.join(dataDir, 'outbox')
  const mails: OutboxMail[] = []
  for (const file of (await readdir(outbox).catch(() => [] as string[])).sort()) {
    const raw = await readFile(path.join(outbox, file), 'utf8')
    const [head = ''] = raw.split(/\r?\n\r?\n/, 1)
    if (!/^To:.*$/im.exec(head)?.[0].includes(email)) continue
    const subject = decodeHeader(
      /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '',
    )
    const part =
      /Content-Type: text\/plain[^]*?Content-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([^]*?)(?:\r?\n--|$)/i.exec(
        raw,
      )
    const encoding = part?.[1]?.toLowerCase()
    const body = part?.[2] ?? ''
    const text =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body)
          : body
    mails.push({ subject, text })
  }
  return mails
}
