/**
 * What the embedded payment form takes, whichever provider draws it: EmbeddedCheckout.tsx picks
 * the provider's form and BuiltinEmbeddedCheckout.tsx is one of them. A leaf file of its own, so
 * the chooser and the form it chooses do not import each other.
 */
export interface EmbeddedCheckoutProps {
  /** The checkout session's client secret (`cs_..._secret_...`). */
  clientSecret: string
  /** Called once, with the paid session's id. */
  onComplete: (sessionId: string) => void
}
