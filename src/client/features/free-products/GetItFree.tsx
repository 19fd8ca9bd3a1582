/**
 * "Get it free": the button a free product shows instead of Add to Cart and Buy Now, and the
 * dialog it opens. The visitor gives an email beside the sentence saying what it is for, and may
 * tick a separate, unticked box for news; the store emails a link that opens the download. The
 * answer is one sentence whatever the address, shown in place of the form.
 */
import { useId, useState, type FormEvent } from 'react'
import { FREE_PRODUCT_MESSAGES, freeProductConsentText, NEWS_CONSENT_TEXT } from '../../../shared/contract/free-product-texts.ts'
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../../../shared/contract/email-rules.ts'
import { ApiError } from '../../api/http.ts'
import { CheckIcon } from '../../components/Icons.tsx'
import { Modal } from '../../components/Modal.tsx'
import { INPUT_CLASS } from '../../components/TextField.tsx'
import { useFreeProductClaim } from './api/post-free-product-claim.ts'

interface GetItFreeProps {
  product: { id: string; name: string }
  /** The button's classes where it stands (a card's row, the product page's panel). */
  className?: string
}

/** What a refusal reads as: the server's sentence for a bad address, a product no longer free, or too many requests. */
function refusalOf(error: unknown): string {
  if (error instanceof ApiError && [400, 404, 429].includes(error.status)) return error.message
  return FREE_PRODUCT_MESSAGES.claimFailed
}

export function GetItFree({ product, className = 'btn btn-primary flex-1 py-3' }: GetItFreeProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        {FREE_PRODUCT_MESSAGES.getItFree}
      </button>
      {open && <GetItFreeDialog product={product} onClose={() => setOpen(false)} />}
    </>
  )
}

function GetItFreeDialog({ product, onClose }: { product: GetItFreeProps['product']; onClose: () => void }) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [newsConsent, setNewsConsent] = useState(false)
  const [invalid, setInvalid] = useState<string | null>(null)
  const claim = useFreeProductClaim(product.id)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    if (!isValidEmail(address)) return setInvalid(INVALID_EMAIL_MESSAGE)
    setInvalid(null)
    claim.mutate({ email: address, newsConsent })
  }

  const error = invalid ?? (claim.isError ? refusalOf(claim.error) : null)
  return (
    <Modal title={`Get ${product.name} free`} onClose={onClose}>
      {claim.isSuccess ? (
        <>
          <p
            role="status"
            className="mt-4 flex items-start gap-2 rounded-lg border border-emerald-900/80 bg-emerald-950/40 px-3 py-2.5 text-sm text-emerald-200"
          >
            <CheckIcon className="mt-0.5 size-4 shrink-0" />
            {claim.data}
          </p>
          <button type="button" onClick={onClose} className="btn btn-secondary mt-6 w-full py-3">
            Close
          </button>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <div>
            <label htmlFor={`${id}-email`} className="mb-1.5 block text-sm font-medium text-zinc-200">
              Email
            </label>
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-describedby={`${id}-consent`}
              aria-invalid={error ? true : undefined}
              className={INPUT_CLASS}
            />
            <p id={`${id}-consent`} className="mt-1.5 text-sm text-zinc-400">
              {freeProductConsentText(product.name)}
            </p>
          </div>
          <label className="flex items-start gap-2.5 text-sm text-zinc-200">
            <input
              type="checkbox"
              checked={newsConsent}
              onChange={(event) => setNewsConsent(event.target.checked)}
              className="mt-0.5 size-4 accent-brand-500"
            />
            {NEWS_CONSENT_TEXT}
          </label>
          {error && (
            <p role="alert" className="rounded-lg border border-rose-900/80 bg-rose-950/40 px-3 py-2.5 text-sm text-rose-200">
              {error}
            </p>
          )}
          <div className="flex gap-3">
            <button type="button" onClick={onClose} className="btn btn-secondary flex-1 py-3">
              Cancel
            </button>
            <button type="submit" disabled={claim.isPending} className="btn btn-primary flex-1 py-3">
              {claim.isPending ? 'Sending...' : 'Email me the link'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  )
}
