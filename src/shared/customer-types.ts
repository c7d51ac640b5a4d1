/**
 * Customer types, two ideas from the shop definition (ADR 0077):
 * - the price-display type (docs/product-rules.md#customer-types-and-prices): whether prices show with or without VAT, so the page cache
 *   keys on it as well as the storefront's state (`PERSON`, `ORGANIZATION`, `STUDENT`, `CURVE`);
 * - the legal buyer type: who places the order in law, a person or an organisation with an
 *   organisation number (the checkout, the account, the order, the auth token).
 */
import { SHOP_DATA } from './shop-definition'

type Data = typeof SHOP_DATA

export type CustomerType = keyof Data['priceDisplayTypes']
export type BuyerType = keyof Data['buyerTypes']

export const CUSTOMER_TYPES = Object.keys(SHOP_DATA.priceDisplayTypes) as CustomerType[]
export const BUYER_TYPES = Object.keys(SHOP_DATA.buyerTypes) as BuyerType[]

/** Who a shopper is until they choose otherwise. */
export const DEFAULT_CUSTOMER_TYPE: CustomerType = SHOP_DATA.defaultCustomerType

export function isCustomerType(value: unknown): value is CustomerType {
  return typeof value === 'string' && Object.hasOwn(SHOP_DATA.priceDisplayTypes, value)
}

/** Whether the type's prices include VAT (an organisation sees prices without VAT). */
export function pricesIncludeVat(type: CustomerType): boolean {
  return SHOP_DATA.priceDisplayTypes[type].pricesIncludeVat
}

export function isBuyerType(value: unknown): value is BuyerType {
  return typeof value === 'string' && Object.hasOwn(SHOP_DATA.buyerTypes, value)
}

/** The buyer an order is placed as: an unknown or missing type is a person. */
export function buyerTypeOf(value: unknown): BuyerType {
  if (isBuyerType(value)) return value
  if (isCustomerType(value)) return SHOP_DATA.priceDisplayTypes[value].buyer
  return SHOP_DATA.priceDisplayTypes[DEFAULT_CUSTOMER_TYPE].buyer
}

/** The buyer buys with an organisation number (the checkout and the account ask for it). */
export function isOrganisationBuyer(value: unknown): boolean {
  return SHOP_DATA.buyerTypes[buyerTypeOf(value)].organisation
}

/** The legal buyer types as the API's and the forms' choice (`z.enum(BUYER_TYPE_TUPLE)`). */
export const BUYER_TYPE_TUPLE = BUYER_TYPES as [BuyerType, ...BuyerType[]]
