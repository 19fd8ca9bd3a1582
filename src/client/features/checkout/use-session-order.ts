/**
 * The payment success page's view of a payment session: the order behind it, asked again every
 * 1.5 s until it is settled (paid, FAILED or CANCELLED) or 60 s have passed, and a minimum
 * of 2 s of "processing" even when the answer comes at once.
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { PAID_ORDER_STATUSES, type OrderStatusValue, type SessionOrder } from '../../../shared/contract/checkout.ts'
import { ApiError } from '../../api/http.ts'
import { orderBySessionQueryOptions } from './api/get-order-by-session.ts'

export const MIN_PROCESSING_MS = 2_000
export const POLL_INTERVAL_MS = 1_500
export const GIVE_UP_AFTER_MS = 60_000
const PAID_STATUSES = new Set<OrderStatusValue>(PAID_ORDER_STATUSES)

export type SessionOrderView =
  | { state: 'processing' }
  | { state: 'completed'; order: SessionOrder }
  | { state: 'failed'; order: SessionOrder }
  | { state: 'not-found' }
  | { state: 'still-processing' }

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400)

export function useSessionOrder(sessionId: string | null): SessionOrderView {
  const [minimumElapsed, setMinimumElapsed] = useState(false)
  const [gaveUp, setGaveUp] = useState(false)

  useEffect(() => {
    const timer = setTimeout(() => setMinimumElapsed(true), MIN_PROCESSING_MS)
    return () => clearTimeout(timer)
  }, [])
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), GIVE_UP_AFTER_MS)
    return () => clearTimeout(timer)
  }, [])

  const lookup = useQuery({
    ...orderBySessionQueryOptions(sessionId ?? ''),
    enabled: sessionId !== null && !gaveUp,
    refetchInterval: (query) => {
      if (isNotFound(query.state.error)) return false
      const status = query.state.data?.status
      return status && status !== 'PENDING' ? false : POLL_INTERVAL_MS
    },
    refetchIntervalInBackground: true,
  })

  if (!minimumElapsed) return { state: 'processing' }
  if (sessionId === null || isNotFound(lookup.error)) return { state: 'not-found' }
  const order = lookup.data
  // Paid, whatever happened since (a refund or dispute can arrive before the shopper lands here).
  if (order && PAID_STATUSES.has(order.status)) return { state: 'completed', order }
  if (order && order.status !== 'PENDING') return { state: 'failed', order }
  return gaveUp ? { state: 'still-processing' } : { state: 'processing' }
}
