/**
 * Our limits on Better Auth's endpoints that guess passwords or send email, in every NODE_ENV:
 * sign-in per IP and per account, two-factor codes per IP, sign-ups per IP, reset and
 * confirmation emails per IP and per address. A hit is counted before the request runs (so a
 * burst cannot slip through); a sign-in whose password matched takes its hit back.
 */
import type { RateLimitDecision, RateLimiter, RateLimitRule } from '../http/rate-limit.ts'

const MINUTE = 60_000
const SIGN_IN_MESSAGE = 'Too many sign-in attempts. Please try again later.'

export const AUTH_LIMITS = {
  signInIp: { name: 'sign-in-ip', max: 10, windowMs: 15 * MINUTE, message: SIGN_IN_MESSAGE },
  signInAccount: { name: 'sign-in-account', max: 5, windowMs: 15 * MINUTE, message: SIGN_IN_MESSAGE },
  twoFactorIp: { name: 'two-factor-ip', max: 10, windowMs: 15 * MINUTE, message: SIGN_IN_MESSAGE },
  signUpIp: { name: 'sign-up-ip', max: 20, windowMs: 60 * MINUTE, message: 'Too many sign-up attempts. Please try again later.' },
  resetIp: { name: 'password-reset-ip', max: 5, windowMs: 15 * MINUTE, message: 'Too many password reset requests. Please try again later.' },
  resetEmail: { name: 'password-reset-email', max: 3, windowMs: 60 * MINUTE, message: 'Too many password reset requests. Please try again later.' },
  confirmationIp: { name: 'confirmation-email-ip', max: 5, windowMs: 15 * MINUTE, message: 'Too many confirmation email requests. Please try again later.' },
  confirmationEmail: {
    name: 'confirmation-email-address',
    max: 3,
    windowMs: 60 * MINUTE,
    message: 'Too many confirmation email requests. Please try again later.',
  },
} satisfies Record<string, RateLimitRule>

interface Counter {
  rule: RateLimitRule
  subject: string
  /** What a finished request does to its hit: keep it, take it back, or clear the counter. */
  settle: (status: number) => 'keep' | 'refund' | 'reset'
}

export type AuthAttempt = { refused: { rule: RateLimitRule; decision: RateLimitDecision } } | { refused: null; finish: (status: number) => Promise<void> }

const keep = () => 'keep' as const
// 2xx: signed in (or sent on to two-factor). 403 after the password check means the password
// matched but the email is unconfirmed; before it, the origin was refused and nothing was tried.
const passwordMatched = (status: number) => status < 400 || status === 403
const signInIp = (status: number) => (passwordMatched(status) ? 'refund' : 'keep')
const signInAccount = (status: number) => (status < 400 ? 'reset' : status === 403 ? 'refund' : 'keep')
const codeAccepted = (status: number) => (status < 400 ? 'refund' : 'keep')

function countersFor(method: string, path: string, ip: string, email: string | null): Counter[] {
  if (method !== 'POST') return []
  const perEmail = (rule: RateLimitRule, settle: Counter['settle']): Counter[] => (email ? [{ rule, subject: email, settle }] : [])
  switch (path) {
    case '/sign-in/email':
      return [{ rule: AUTH_LIMITS.signInIp, subject: ip, settle: signInIp }, ...perEmail(AUTH_LIMITS.signInAccount, signInAccount)]
    case '/sign-up/email':
      return [{ rule: AUTH_LIMITS.signUpIp, subject: ip, settle: keep }]
    case '/request-password-reset':
      return [{ rule: AUTH_LIMITS.resetIp, subject: ip, settle: keep }, ...perEmail(AUTH_LIMITS.resetEmail, keep)]
    case '/send-verification-email':
      return [{ rule: AUTH_LIMITS.confirmationIp, subject: ip, settle: keep }, ...perEmail(AUTH_LIMITS.confirmationEmail, keep)]
    case '/two-factor/verify-totp':
    case '/two-factor/verify-backup-code':
    case '/two-factor/verify-otp':
      return [{ rule: AUTH_LIMITS.twoFactorIp, subject: ip, settle: codeAccepted }]
    default:
      return []
  }
}

/** Counts this auth request against its limits; answers the refusal, or how to settle once it ran. */
export async function beginAuthAttempt(
  limiter: RateLimiter,
  request: { method: string; path: string; ip: string; body: Uint8Array | undefined },
): Promise<AuthAttempt> {
  const counters = countersFor(request.method, request.path, request.ip, emailOf(request.body))
  const counted: Counter[] = []
  for (const counter of counters) {
    const decision = await limiter.consume(counter.rule, counter.subject)
    if (!decision.allowed) {
      // Refused before anything ran: the limits that let it through do not count it.
      await Promise.all(counted.map((earlier) => limiter.refund(earlier.rule, earlier.subject)))
      return { refused: { rule: counter.rule, decision } }
    }
    counted.push(counter)
  }
  return {
    refused: null,
    finish: async (status) => {
      await Promise.all(
        counted.map((counter) => {
          const outcome = counter.settle(status)
          if (outcome === 'refund') return limiter.refund(counter.rule, counter.subject)
          if (outcome === 'reset') return limiter.reset(counter.rule, counter.subject)
          return undefined
        }),
      )
    },
  }
}

/** The lower-cased `email` of a JSON body, if it has one. */
function emailOf(body: Uint8Array | undefined): string | null {
  if (!body || body.length === 0 || body.length > 64 * 1024) return null
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { email?: unknown }
    return typeof parsed.email === 'string' && parsed.email.trim() ? parsed.email.trim().toLowerCase() : null
  } catch {
    return null
  }
}
