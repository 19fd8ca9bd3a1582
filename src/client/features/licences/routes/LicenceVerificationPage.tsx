/**
 * A licence's public check (/licences/{code}): whether the code is a licence this store
 * issued, and if so who holds it, for which order and products, under which terms. It never
 * shows an email. Linked from the certificate and the receipt.
 */
import { useParams } from 'react-router'
import { LICENCE_MESSAGES, licencePdfPath } from '../../../../shared/contract/licences.ts'
import { formatDate } from '../../../../shared/dates.ts'
import { ApiError } from '../../../api/http.ts'
import { ListSkeleton } from '../../../components/ListSkeleton.tsx'
import { LoadFailed } from '../../../components/LoadFailed.tsx'
import { useLicence } from '../api/get-licence.ts'

export default function LicenceVerificationPage() {
  const { code = '' } = useParams()
  const licence = useLicence(code)
  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <title>Licence check | Audio Lab Store</title>
      <section className="w-full max-w-2xl rounded-2xl border border-zinc-800 bg-zinc-900/50 px-6 py-10 sm:px-10">
        <p className="text-sm font-semibold tracking-widest text-brand-300 uppercase">Licence check</p>
        {licence.isPending && <ListSkeleton rows={3} label="Checking the licence" />}
        {licence.isError &&
          (licence.error instanceof ApiError && licence.error.status === 404 ? (
            <>
              <h1 className="mt-3 text-2xl font-bold text-white">Not a valid licence</h1>
              <p className="mt-2 text-zinc-300">{LICENCE_MESSAGES.notFound}. Check the code on the certificate, or contact support.</p>
            </>
          ) : (
            <LoadFailed message={LICENCE_MESSAGES.loadFailed} onRetry={() => void licence.refetch()} />
          ))}
        {licence.data && (
          <>
            <h1 className="mt-3 text-2xl font-bold text-white sm:text-3xl">Valid licence</h1>
            <p className="mt-3 text-zinc-300">
              <span className="font-semibold text-white">{licence.data.licensee}</span> holds a licence to the products of order{' '}
              <span className="font-mono text-white">{licence.data.orderNumber}</span>, issued on {formatDate(licence.data.issuedAt)}.
            </p>
            <ul className="mt-5 space-y-1.5">
              {licence.data.products.map((product) => (
                <li key={product.name} className="text-zinc-100">
                  {product.name}
                  {product.quantity > 1 && <span className="text-zinc-400"> × {product.quantity}</span>}
                </li>
              ))}
            </ul>
            <h2 className="mt-6 text-lg font-semibold text-white">Licence terms</h2>
            <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-zinc-300">
              {licence.data.terms.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
            <a href={licencePdfPath(licence.data.code)} download className="btn btn-secondary mt-8">
              Download the certificate (PDF)
            </a>
          </>
        )}
      </section>
    </div>
  )
}
