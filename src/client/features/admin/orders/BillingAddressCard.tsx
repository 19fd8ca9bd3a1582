/**
 * The owner's view of what checkout collected for an order: name, company, address lines, city,
 * region, postal code, country and phone, as an address reads. An order placed without any
 * (a Buy Now before countries were asked) says so.
 */
import type { AdminBillingDetails } from '../../../../shared/contract/admin-orders.ts'

export function BillingAddressCard({ details }: { details: AdminBillingDetails | null }) {
  const name = details ? [details.firstName, details.lastName].filter(Boolean).join(' ') : ''
  // "Toronto, Ontario (ON) M5V 2T6": the city line as most addresses print it.
  const region = details?.region ? `${details.region}${details.regionCode && /^[A-Z]+$/.test(details.regionCode) ? ` (${details.regionCode})` : ''}` : null
  const cityLine = details ? [[details.city, region].filter(Boolean).join(', '), details.postalCode].filter(Boolean).join(' ') : ''
  const lines = details ? [name, details.company, details.address, details.apartment, cityLine, details.country].filter((line): line is string => !!line) : []

  return (
    <section aria-labelledby="order-billing-address" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-6">
      <h2 id="order-billing-address" className="text-base font-semibold text-white">
        Billing address
      </h2>
      {lines.length === 0 && !details?.phone ? (
        <p className="mt-2 text-sm text-zinc-400">No billing address was collected for this order.</p>
      ) : (
        <>
          <address className="mt-3 text-sm leading-relaxed break-words text-zinc-200 not-italic">
            {lines.map((line, index) => (
              <span key={index} className="block">
                {line}
              </span>
            ))}
          </address>
          {details?.phone && (
            <p className="mt-2 text-sm text-zinc-400">
              Phone{' '}
              <a href={`tel:${details.phone.replace(/[^\d+]/g, '')}`} className="text-zinc-200 hover:text-white">
                {details.phone}
              </a>
            </p>
          )}
        </>
      )}
    </section>
  )
}
