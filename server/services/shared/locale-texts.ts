/**
 * The texts of the embedded services' own pages and e-mails (the payment provider's hosted page,
 * the order e-mail): one prefix of keys from locales/{language}.json, read once per language.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../../repo-root'

import { LOCALES, LOCALE_CODES, type LocaleCode } from '../../../src/shared/markets'

/** The shop's languages (the shop definition). */
export type ServiceLanguage = LocaleCode

export const LANGUAGE_ISO = Object.fromEntries(
  LOCALE_CODES.map((code) => [code, LOCALES[code].iso]),
) as Record<ServiceLanguage, string>

const LOCALES_DIR = path.join(REPO_ROOT, 'locales')
const selections = new Map<string, Record<string, string>>()

/** The messages of the language whose keys start with the prefix (e.g. `mail.`). */
export function localeTexts(language: ServiceLanguage, prefix: string): Record<string, string> {
  const key = `${language}:${prefix}`
  let texts = selections.get(key)
  if (!texts) {
    const all = JSON.parse(readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8')) as Record<
      string,
      string
    >
    texts = Object.fromEntries(Object.entries(all).filter(([id]) => id.startsWith(prefix)))
    selections.set(key, texts)
  }
  return texts
}
