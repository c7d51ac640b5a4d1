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

/** Every outbox mail to `email`, oldest first, as text with quoted-printable soft breaks and `=3D` decoded. */
export async function mailsTo(email: string): Promise<string[]> {
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
