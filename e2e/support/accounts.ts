// Account helpers for the journeys: a confirmed account made through the real endpoints and
// the developer mailbox API (the accounts journey itself goes through the pages instead).
import { expect, type APIRequestContext, type Page } from '@playwright/test'

export interface MailboxMessage {
  id: string
  to: string
  subject: string
  text: string
  sentAt: string
}

let counter = 0

/** An address no earlier run has used. */
export function uniqueEmail(label: string): string {
  counter += 1
  return `${label}-${Date.now()}-${counter}@example.com`
}

/** The newest message to `to` whose subject matches, waiting for it to arrive. */
export async function newestMail(request: APIRequestContext, to: string, subject: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/mailbox')
      const body = (await response.json()) as { data: MailboxMessage[] }
      found = body.data.find((message) => message.to.includes(to) && subject.test(message.subject))
      return found !== undefined
    })
    .toBe(true)
  return found!
}

/** The first URL in a mail's text that contains `contains`. */
export function linkIn(text: string, contains: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(contains))
  if (!link) throw new Error(`No link containing ${contains} in:\n${text}`)
  return link.replace(/[.,;:!?)\]]+$/, '')
}

/** Signs up through Better Auth and follows the emailed confirmation link; the browser stays signed out. */
export async function createConfirmedAccount(page: Page, baseURL: string, password: string): Promise<string> {
  const email = uniqueEmail('guard')
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password, name: 'Guard Tester' },
    headers: { Origin: baseURL },
  })
  expect(response.ok()).toBe(true)
  const mail = await newestMail(page.request, email, /confirm/i)
  await page.goto(linkIn(mail.text, 'verify-email'))
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible()
  return email
}

/** Fills and submits the sign-in form on /login. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/**
 * Signs the browser in as the shop owner (ADMIN_EMAILS), whichever journey runs first: the
 * account is made and confirmed once, then every journey signs in through the form.
 */
export async function signInAsOwner(page: Page, baseURL: string, email: string, password: string): Promise<void> {
  const signedUp = await page.request.post('/api/auth/sign-up/email', { data: { email, password, name: 'Store Owner' }, headers: { Origin: baseURL } })
  if (signedUp.ok() && (await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { Origin: baseURL } })).status() === 403) {
    await page.goto(linkIn((await newestMail(page.request, email, /confirm/i)).text, 'verify-email'))
    await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible()
  }
  await page.context().clearCookies()
  await page.goto('/login')
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/profile$/)
}
