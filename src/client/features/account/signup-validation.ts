/** The sign-up form's rules, in the order a producer meets them. */

export const PASSWORD_MIN_LENGTH = 6

export const SIGNUP_TEXT = {
  required: 'Please fill in all required fields',
  mismatch: 'Passwords do not match',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
} as const

export interface SignupFields {
  email: string
  password: string
  confirmPassword: string
}

/** The first rule the fields break, or null when they may be sent. */
export function validateSignup({ email, password, confirmPassword }: SignupFields): string | null {
  if (!email.trim() || !password || !confirmPassword) return SIGNUP_TEXT.required
  if (password !== confirmPassword) return SIGNUP_TEXT.mismatch
  if (password.length < PASSWORD_MIN_LENGTH) return SIGNUP_TEXT.tooShort
  return null
}

export const RESET_TEXT = {
  required: 'Please fill in all fields',
  mismatch: SIGNUP_TEXT.mismatch,
  tooShort: SIGNUP_TEXT.tooShort,
} as const

/** The new-password form's rules (reset confirm). */
export function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return RESET_TEXT.required
  if (password !== confirmPassword) return RESET_TEXT.mismatch
  if (password.length < PASSWORD_MIN_LENGTH) return RESET_TEXT.tooShort
  return null
}
