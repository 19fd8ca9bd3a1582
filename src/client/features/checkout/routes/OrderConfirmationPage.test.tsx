// @vitest-environment happy-dom
/** Order confirmation: no review claim unless the owner wrote one, and the owner's reply time in the next steps. */
import '@testing-library/jest-dom/vitest'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { queryClientWithSettings } from '../../../../../tests/support/client/store-settings-fixture.ts'
import OrderConfirmationPage from './OrderConfirmationPage.tsx'

const ORDER = { orderNumber: '3A1B2C3D', email: 'ada@example.com', totalCents: 7450, cardLast4: '4242' }

function renderConfirmation(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/order-confirmation', state: ORDER }]}>
        <Routes>
          <Route path="/order-confirmation" element={<OrderConfirmationPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(cleanup)

describe('OrderConfirmationPage', () => {
  it('claims no rating or reviews when the owner wrote none (the default)', () => {
    renderConfirmation(queryClientWithSettings())
    expect(screen.getByRole('heading', { name: 'Order Confirmed' })).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/reviews|out of 5|stars/i)
    expect(screen.getByText('Questions about installing or using your sounds? Our team replies within 24-48 hours.')).toBeInTheDocument()
  })

  it("shows the owner's review claim and reply time when they set them", () => {
    renderConfirmation(queryClientWithSettings({ reviewClaim: 'Rated 4.7 out of 5 by 310 producers on Trustpilot', supportReplyTime: 'one business day' }))
    expect(screen.getByText('Rated 4.7 out of 5 by 310 producers on Trustpilot')).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent('12,000')
    expect(screen.getByText('Questions about installing or using your sounds? Our team replies within one business day.')).toBeInTheDocument()
  })
})
