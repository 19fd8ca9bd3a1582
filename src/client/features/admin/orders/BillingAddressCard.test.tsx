// @vitest-environment happy-dom
/** The owner's billing address card: the address as it reads, the region by name, and an order without one. */
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminBillingDetails } from '../../../../shared/contract/admin-orders.ts'
import { BillingAddressCard } from './BillingAddressCard.tsx'

afterEach(cleanup)

const EMPTY: AdminBillingDetails = {
  firstName: null,
  lastName: null,
  company: null,
  address: null,
  apartment: null,
  city: null,
  region: null,
  regionCode: null,
  postalCode: null,
  country: null,
  countryCode: null,
  phone: null,
}

const card = () => screen.getByRole('region', { name: 'Billing address' })

describe('BillingAddressCard', () => {
  it('shows a Canadian address line by line, the province by name and code, and the phone', () => {
    render(
      <BillingAddressCard
        details={{
          ...EMPTY,
          firstName: 'Glenn',
          lastName: 'Gould',
          company: 'Goldberg Studio',
          address: '1 Front St W',
          apartment: 'Suite 4',
          city: 'Toronto',
          region: 'Ontario',
          regionCode: 'ON',
          postalCode: 'M5J 2X5',
          country: 'Canada',
          countryCode: 'CA',
          phone: '+1 416 555 0100',
        }}
      />,
    )
    const lines = [...card().querySelectorAll('address > span')].map((line) => line.textContent)
    expect(lines).toEqual(['Glenn Gould', 'Goldberg Studio', '1 Front St W', 'Suite 4', 'Toronto, Ontario (ON) M5J 2X5', 'Canada'])
    expect(screen.getByRole('link', { name: '+1 416 555 0100' })).toHaveAttribute('href', 'tel:+14165550100')
  })

  it('shows a German address without a region, and a prefecture without its number code', () => {
    const { rerender } = render(<BillingAddressCard details={{ ...EMPTY, city: 'Berlin', postalCode: '10115', country: 'Germany', countryCode: 'DE' }} />)
    expect(card()).toHaveTextContent('Berlin 10115Germany')
    rerender(<BillingAddressCard details={{ ...EMPTY, region: 'Tokyo', regionCode: '13', country: 'Japan', countryCode: 'JP' }} />)
    expect(card()).toHaveTextContent('TokyoJapan')
    expect(card()).not.toHaveTextContent('(13)')
  })

  it('says when no address was collected', () => {
    render(<BillingAddressCard details={null} />)
    expect(card()).toHaveTextContent('No billing address was collected for this order.')
  })
})
