import { expect, test } from './support/test.ts'
import { createConfirmedAccount, signIn, uniqueEmail } from './support/accounts.ts'

test('a producer signs up, confirms through the mailbox, renames, signs out, resets the password and signs in again', async ({ page }) => {
  const email = uniqueEmail('journey')
  const firstPassword = 'first-secret-1'
  const newPassword = 'second-secret-2'

  await page.goto('/signup')
  await page.getByLabel('Full name (optional)').fill('Ada Producer')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(firstPassword)
  await page.getByLabel('Confirm password').fill(firstPassword)
  await page.getByRole('button', { name: 'Create Account' }).click()
  const modal = page.getByRole('dialog', { name: 'Check Your Email' })
  await expect(modal).toContainText(email)
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden')

  // Signing in before confirming is refused with a clear reason.
  await modal.getByRole('button', { name: 'Close' }).click()
  await expect(modal).toBeHidden()
  await page.goto('/login')
  await signIn(page, email, firstPassword)
  await expect(page.getByRole('alert')).toHaveText('Please confirm your email address before signing in. Check your inbox for the confirmation link.')
  await page.getByRole('button', { name: 'Resend confirmation email' }).click()
  await expect(page.getByText('If that account still needs confirming, a new confirmation link is on its way.')).toBeVisible()

  // The developer mailbox shows the confirmation email with a clickable link.
  await page.goto('/dev/mailbox')
  await page
    .getByRole('list', { name: 'Messages' })
    .getByRole('button')
    .filter({ hasText: email })
    .filter({ hasText: /Confirm your email/ })
    .first()
    .click()
  await expect(page.getByRole('article')).toContainText(email)
  await page
    .getByRole('article')
    .getByRole('link', { name: /verify-email/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible()

  await page.getByRole('link', { name: 'Continue to Sign In' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await signIn(page, email, firstPassword)
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '')
  await expect(page.getByText('Ada Producer').first()).toBeVisible()

  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('textbox', { name: 'Full name' }).fill('Ada Lovelace')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Profile updated successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Account: Ada Lovelace' })).toBeVisible()
  await page.reload()
  await expect(page.getByText('Ada Lovelace').first()).toBeVisible()

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible()

  // Password reset through the mailbox.
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/reset-password$/)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByText("If an account exists for that email, we've sent a password reset link.")).toBeVisible()

  await page.goto('/dev/mailbox')
  await page
    .getByRole('list', { name: 'Messages' })
    .getByRole('button')
    .filter({ hasText: email })
    .filter({ hasText: /Reset your/ })
    .first()
    .click()
  const resetLink = page.getByRole('article').getByRole('link', { name: /reset-password/ })
  const resetHref = await resetLink.getAttribute('href')
  await resetLink.click()
  await expect(page).toHaveURL(/\/reset-password\/confirm\?.*token=/)
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill('not-the-same')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match')
  await page.getByLabel('Confirm new password').fill(newPassword)
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByRole('heading', { name: 'Password Updated' })).toBeVisible()

  // The link works once.
  await page.goto(resetHref!)
  await expect(page.getByRole('alert')).toHaveText('Invalid password reset link. Please request a new password reset.')

  await page.goto('/login')
  await signIn(page, email, firstPassword)
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Password').fill(newPassword)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText('Ada Lovelace').first()).toBeVisible()
})

for (const { path, heading } of [
  { path: '/order-history', heading: 'Order History' },
  { path: '/download-hub', heading: 'Download Hub' },
]) {
  test(`a guest opening ${path} is sent to sign in and brought back`, async ({ page, baseURL }) => {
    const password = 'guard-secret-1'
    const email = await createConfirmedAccount(page, baseURL!, password)

    await page.goto(path)
    await expect(page).toHaveURL(/\/login$/)
    await signIn(page, email, password)
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { name: heading })).toBeVisible()

    // Already signed in: /login sends the producer straight on.
    await page.goto('/login')
    await expect(page).toHaveURL(/\/profile$/)
  })
}

test('/account leads to the profile, and a guest gets there after signing in', async ({ page, baseURL }) => {
  const password = 'guard-secret-2'
  const email = await createConfirmedAccount(page, baseURL!, password)
  await page.goto('/account')
  await expect(page).toHaveURL(/\/login$/)
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible()
})
