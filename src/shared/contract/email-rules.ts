/** The address rule the signup forms share with the server, and the signup texts: free of the schemas, for the browser's first load. */

/** A basic address pattern: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** RFC 5321's limit on a whole address. */
export const EMAIL_MAX_LENGTH = 254

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address'

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
}

export const EMAIL_SIGNUP_MESSAGES = {
  launch: "Thanks! We'll let you know when we launch.",
  newsletter: 'Thanks for subscribing! New tutorials and free packs will land in your inbox.',
  alreadySubscribed: "You're already on the list — we'll be in touch.",
  subscribeFailed: 'Failed to subscribe. Please try again.',
} as const
