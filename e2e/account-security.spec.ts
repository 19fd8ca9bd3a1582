import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { createConfirmedAccount, signIn } from './support/accounts.ts'
import { totpCode } from './support/totp.ts'

async function signInFromLogin(page: Page, email: string, password: string) {
  await page.goto('/login')
  await signIn(page, email, password)
}

async function signOut(page: Page) {
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
}

test('a producer turns on two-factor, then signs in with an app code and with a backup code', async ({ page, baseURL }) => {
  const password = 'totp-secret-1'
  const email = await createConfirmedAccount(page, baseURL!, password)
  await signInFromLogin(page, email, password)
  await expect(page).toHaveURL(/\/profile$/)

  await page.getByRole('button', { name: 'Turn on two-factor' }).click()
  await page.getByLabel('Confirm your password').fill(password)
  await page.getByRole('button', { name: 'Continue' }).click()
  const secret = (await page.getByLabel('Authenticator key').textContent())!.replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  const backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents()
  expect(backupCodes.length).toBeGreaterThan(0)
  await page.getByLabel('Authentication code').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Verify and turn on' }).click()
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Turn off two-factor' })).toBeVisible()

  // The password alone is no longer enough.
  await signOut(page)
  await signInFromLogin(page, email, password)
  await expect(page.getByLabel('Authentication code')).toBeVisible()
  const wrong = totpCode(secret) === '000000' ? '111111' : '000000'
  await page.getByLabel('Authentication code').fill(wrong)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid code')
  await page.getByLabel('Authentication code').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/profile$/)

  await signOut(page)
  await signInFromLogin(page, email, password)
  await page.getByRole('button', { name: 'Use a backup code' }).click()
  await page.getByLabel('Backup code').fill(backupCodes[0]!)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/profile$/)

  await page.getByRole('button', { name: 'Turn off two-factor' }).click()
  await page.getByLabel('Confirm your password').fill(password)
  await page.getByRole('button', { name: 'Turn off two-factor' }).click()
  await expect(page.getByText('Two-factor authentication is off')).toBeVisible()
  await signOut(page)
  await signInFromLogin(page, email, password)
  await expect(page).toHaveURL(/\/profile$/)
})

test('signing out of other devices keeps this one; signing out of all devices ends every session', async ({ page, browser, baseURL }) => {
  const password = 'scope-secret-1'
  const email = await createConfirmedAccount(page, baseURL!, password)
  const otherContext = await browser.newContext({ baseURL })
  const other = await otherContext.newPage()
  await signInFromLogin(page, email, password)
  await expect(page).toHaveURL(/\/profile$/)
  await signInFromLogin(other, email, password)
  await expect(other).toHaveURL(/\/profile$/)

  await page.getByRole('button', { name: 'Sign out of other devices' }).click()
  await expect(page.getByText('Signed out of other devices')).toBeVisible()
  await other.goto('/order-history')
  await expect(other).toHaveURL(/\/login$/)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible()

  await signIn(other, email, password)
  await expect(other).toHaveURL(/\/order-history$/)
  await page.getByRole('button', { name: 'Sign out of all devices' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible()
  await other.goto('/download-hub')
  await expect(other).toHaveURL(/\/login$/)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login$/)
  await otherContext.close()
})
