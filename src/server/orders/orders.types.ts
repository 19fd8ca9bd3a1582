/**
 * The orders' types that other capabilities name: an order and its status, the checkout type
 * and billing details it was placed with, and who is buying. Other capabilities import this
 * file only as types (lint refuses a value import); what they ask of orders goes through the
 * `*.service.ts` files.
 */
export type { BillingDetails, CheckoutType, OrderRow, OrderStatus } from './orders.schema.ts'

/** Who is buying: a signed-in user, or a guest known by email. */
export type Buyer = { kind: 'user'; userId: string; email: string } | { kind: 'guest'; email: string }
