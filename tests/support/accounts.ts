/**
 * Accounts in server tests, through the real HTTP endpoints as a browser would use them (with
 * the store's Origin): sign up, open the emailed link, sign in, and a ready signed-in user.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { StoredEmail } from '../../src/server/email/mailer.ts'
import type { TestApp } from './test-app.ts'

export interface Credentials {
  email: string
  password: string
  name?: string
}

export interface SignedInUser {
  id: string
  email: string
  password: string
  /** `Cookie` header value carrying the session. */
  cookie: string
}

let counter = 0
/** A fresh address for each call, so tests in one file never share an account. */
export function uniqueEmail(label = 'producer'): string {
  counter += 1
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`
}

/** inject() as the store's own page: the Origin header is the store's. */
export function browserRequest(t: TestApp, options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse> {
  const { cookie, headers, ...rest } = options
  return t.app.inject({ ...rest, headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}), ...headers } })
}

export function signUp(t: TestApp, { email, password, name = '' }: Credentials, remoteAddress?: string) {
  return browserRequest(t, { method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, name }, ...(remoteAddress ? { remoteAddress } : {}) })
}

export function signIn(t: TestApp, { email, password }: Credentials, remoteAddress?: string) {
  return browserRequest(t, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, ...(remoteAddress ? { remoteAddress } : {}) })
}

/** The newest outbox message to `address` whose subject contains `subject`. */
export async function latestEmail(t: TestApp, address: string, subject: string): Promise<StoredEmail> {
  const found = (await t.app.mailer.listOutbox()).find((email) => email.to === address && email.subject.includes(subject))
  if (!found) throw new Error(`No email to ${address} about "${subject}"`)
  return found
}

/** The first link in the email's plain text that starts with `prefix` (an absolute URL). */
export function linkIn(email: StoredEmail, prefix: string): URL {
  const match = email.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix))
  if (!match) throw new Error(`No link starting with ${prefix} in "${email.subject}"`)
  return new URL(match)
}

/** GETs an emailed link of this store (path and query only, as the browser would). */
export function openLink(t: TestApp, link: URL, cookie?: string) {
  // A followed link is a top-level navigation: no Origin header.
  return t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: cookie ? { cookie } : {} })
}

export async function confirmationLinkFor(t: TestApp, address: string): Promise<URL> {
  return linkIn(await latestEmail(t, address, 'Confirm your email'), `${t.config.publicUrl}/api/auth/verify-email`)
}

/** The `Cookie` header value for the session a response set, or null. */
export function sessionCookieOf(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((entry) => entry.name.endsWith('als.session_token') && entry.value)
  return cookie ? `${cookie.name}=${cookie.value}` : null
}

/** Signs up, confirms through the emailed link and signs in: a ready signed-in user. */
export async function createSignedInUser(t: TestApp, credentials: Partial<Credentials> = {}): Promise<SignedInUser> {
  const email = credentials.email ?? uniqueEmail()
  const password = credentials.password ?? 'correct horse battery'
  const signedUp = await signUp(t, { email, password, name: credentials.name ?? '' })
  if (signedUp.statusCode !== 200) throw new Error(`sign-up failed: ${signedUp.statusCode} ${signedUp.body}`)
  const confirmed = await openLink(t, await confirmationLinkFor(t, email))
  if (confirmed.statusCode !== 302) throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.body}`)
  const signedIn = await signIn(t, { email, password })
  const cookie = sessionCookieOf(signedIn)
  if (signedIn.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${signedIn.statusCode} ${signedIn.body}`)
  return { id: (signedIn.json() as { user: { id: string } }).user.id, email, password, cookie }
}
