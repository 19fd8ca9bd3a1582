/**
 * The account emails: confirm the address, reset the password, and the note sent when someone
 * signs up again with an address that already has an account (sign-up answers the same either
 * way, so the owner learns of it by email instead of the visitor on screen).
 */
import type { OutgoingEmail } from '../email/mailer.ts'
import { STORE_NAME } from '../email/mailer.ts'
import { renderEmail } from '../email/templates.ts'

export function confirmationEmail(to: string, name: string, url: string): OutgoingEmail {
  return {
    to,
    subject: `Confirm your email for ${STORE_NAME}`,
    ...renderEmail({
      heading: 'Confirm your email address',
      paragraphs: [
        `${greeting(name)} thanks for creating an account at ${STORE_NAME}.`,
        'Confirm your email address to sign in, keep your cart across devices and download what you buy.',
      ],
      action: { label: 'Confirm Email', url },
      footnote: 'This link expires in 24 hours and works once. If you did not create an account, ignore this email.',
    }),
  }
}

export function passwordResetEmail(to: string, name: string, url: string): OutgoingEmail {
  return {
    to,
    subject: `Reset your ${STORE_NAME} password`,
    ...renderEmail({
      heading: 'Reset your password',
      paragraphs: [
        `${greeting(name)} we received a request to reset the password of your ${STORE_NAME} account.`,
        'Choose a new password with the link below.',
      ],
      action: { label: 'Reset Password', url },
      footnote: 'This link expires in 1 hour and works once. If you did not ask for a new password, ignore this email: your password stays as it is.',
    }),
  }
}

export function existingAccountEmail(to: string, name: string, urls: { signIn: string; resetPassword: string }): OutgoingEmail {
  return {
    to,
    subject: `Your ${STORE_NAME} account`,
    ...renderEmail({
      heading: 'You already have an account',
      paragraphs: [
        `${greeting(name)} someone (probably you) just tried to sign up at ${STORE_NAME} with this email address, which already has an account.`,
        `Sign in at ${urls.signIn}, or if you forgot your password, request a new one at ${urls.resetPassword}.`,
      ],
      action: { label: 'Sign In', url: urls.signIn },
      footnote: 'If this was not you, you can ignore this email: nothing has changed.',
    }),
  }
}

function greeting(name: string): string {
  const trimmed = name.trim()
  return trimmed ? `Hi ${trimmed},` : 'Hi,'
}
