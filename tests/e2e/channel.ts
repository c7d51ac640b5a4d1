/**
 * Drives the header's market and language switches the way a shopper does: by the controls'
 * accessible names in the page's language (locales/*.json), never by CSS classes. The switches
 * live in the dialog of the header's country-and-language button (ChannelMenu).
 */
import { expect, type Locator, type Page } from '@playwright/test'
import type { LocaleCode } from '../../src/shared/markets'
import { message } from './fixtures'

function header(page: Page): Locator {
  return page.getByRole('banner')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The header's one control for country and language; its name ends with e.g. "FI · EUR". */
export function channelMenuButton(page: Page, locale: LocaleCode): Locator {
  return header(page).getByRole('button', {
    name: new RegExp(`^${escapeRegExp(message(locale, 'channel.menu.label'))}: `),
  })
}

export function channelMenu(page: Page, locale: LocaleCode): Locator {
  return page.getByRole('dialog', { name: message(locale, 'channel.menu.title') })
}

/** Opens the country-and-language dialog (if it is not open yet) and gives it. */
export async function openChannelMenu(page: Page, locale: LocaleCode): Promise<Locator> {
  const dialog = channelMenu(page, locale)
  if (!(await dialog.isVisible())) await channelMenuButton(page, locale).click()
  await expect(dialog).toBeVisible()
  return dialog
}

/** The market select in the open dialog (open it first with openChannelMenu). */
export function marketSwitch(page: Page, locale: LocaleCode): Locator {
  return channelMenu(page, locale).getByRole('combobox', {
    name: message(locale, 'channel.market.label'),
    exact: true,
  })
}

export function languageSwitch(page: Page, locale: LocaleCode): Locator {
  return channelMenu(page, locale).getByRole('combobox', {
    name: message(locale, 'channel.language.label'),
    exact: true,
  })
}

export function customerTypeSwitch(page: Page, locale: LocaleCode): Locator {
  return channelMenu(page, locale).getByRole('combobox', { name: message(locale, 'customerType.label') })
}

/** Picks the option whose visible text contains `optionText`, then applies it if the form asks for that. */
async function choose(page: Page, select: Locator, optionText: string, locale: LocaleCode): Promise<void> {
  const option = select.locator('option', { hasText: optionText })
  const value = await option.getAttribute('value')
  if (value === null) throw new Error(`no option "${optionText}" in the switch`)
  await select.selectOption(value)
  // A switch built as a form (it works before hydration too) has an apply button.
  const apply = select
    .locator('xpath=ancestor::form[1]')
    .getByRole('button', { name: message(locale, 'channel.apply') })
  if ((await apply.count()) > 0) await apply.click()
}

/** `country` is the market's country name as the option shows it, e.g. 'Sverige'. */
export async function switchMarket(page: Page, locale: LocaleCode, country: string): Promise<void> {
  await openChannelMenu(page, locale)
  await choose(page, marketSwitch(page, locale), country, locale)
}

/** `language` is the language's own name as the option shows it, e.g. 'Svenska'. */
export async function switchLanguage(page: Page, locale: LocaleCode, language: string): Promise<void> {
  await openChannelMenu(page, locale)
  await choose(page, languageSwitch(page, locale), language, locale)
}
