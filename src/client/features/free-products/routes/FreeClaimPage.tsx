/**
 * /free/{token}: where a free product's confirmation email leads. The page confirms the request
 * (the link itself changes nothing, so a mail scanner that only fetches it confirms nothing) and
 * goes on to the order's private page, where the download is; opening the link again goes to the
 * same order. A link that does not work says so and leads to "Find my order".
 */
import { useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { FREE_PRODUCT_MESSAGES } from '../../../../shared/contract/free-product-texts.ts'
import { FIND_ORDER_PATH } from '../../../../shared/contract/order-access.ts'
import { ApiError } from '../../../api/http.ts'
import { PageFallback } from '../../../components/PageFallback.tsx'
import { confirmFreeClaim } from '../api/post-confirm-free-claim.ts'

export default function FreeClaimPage() {
  const token = useParams().token ?? ''
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    // Confirming twice opens the same order, so a repeated effect does no harm.
    confirmFreeClaim(token).then(
      (orderPath) => !cancelled && void navigate(orderPath, { replace: true }),
      (failure: unknown) =>
        !cancelled &&
        setError(failure instanceof ApiError && failure.status >= 400 && failure.status < 500 ? failure.message : FREE_PRODUCT_MESSAGES.confirmFailed),
    )
    return () => {
      cancelled = true
    }
  }, [token, navigate])

  return (
    <>
      <title>Your free download | Audio Lab Store</title>
      {error === null ? (
        <PageFallback />
      ) : (
        <section className="container-page flex justify-center py-12 sm:py-20">
          <div className="w-full max-w-md rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-white">This download link doesn&apos;t work</h1>
            <p role="alert" className="mt-4 text-sm text-zinc-300">
              {error}
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Link to={FIND_ORDER_PATH} className="btn btn-primary flex-1 py-3">
                Find my order
              </Link>
              <Link to="/products" className="btn btn-secondary flex-1 py-3">
                Browse products
              </Link>
            </div>
          </div>
        </section>
      )}
    </>
  )
}
