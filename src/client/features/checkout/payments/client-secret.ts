/** Reading a checkout session's client secret (`cs_..._secret_...`), as Stripe builds them. */

/** The session a client secret belongs to: the part before `_secret_`; null if it names none. */
export function sessionIdOfClientSecret(clientSecret: string): string | null {
  const index = clientSecret.indexOf('_secret_')
  return index > 0 ? clientSecret.slice(0, index) : null
}
