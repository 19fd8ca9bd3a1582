/**
 * Developer page (/cart-debug, development only): the cart_items tests against our own
 * API (read, insert, delete) for the signed-in user, each showing ✓/✗, its timing and result.
 * Inserts and deletes also refresh the cart drawer, so its view of the server cart stays true.
 */
import { useState } from 'react'
import type { ProductList } from '../../../../shared/contract/catalog.ts'
import { apiRequest } from '../../../api/http.ts'
import { deleteCartItem } from '../../../cart-state/api/delete-cart-item.ts'
import { getCart } from '../../../cart-state/api/get-cart.ts'
import { postCartItem } from '../../../cart-state/api/post-cart-item.ts'
import { cartItemFromServerLine } from '../../../cart-state/cart-item.ts'
import { useCartStore } from '../../../cart-state/cart-store.ts'
import { useSession } from '../../../session/use-session.ts'

type TestId = 'read' | 'insert' | 'delete'
type TestResult = { state: 'idle' } | { state: 'running' } | { state: 'pass' | 'fail'; ms: number; detail: string }

const TESTS: Array<{ id: TestId; name: string; call: string }> = [
  { id: 'read', name: 'Read cart_items', call: 'GET /api/cart' },
  { id: 'insert', name: 'Insert a cart_items row', call: 'POST /api/cart/items {productId, quantity: 1}' },
  { id: 'delete', name: 'Delete the inserted row', call: 'DELETE /api/cart/items/:productId' },
]

/** The newest active product not already in the server cart: the insert test's subject. */
async function pickTestProduct(): Promise<{ id: string; name: string }> {
  const [list, lines] = await Promise.all([apiRequest<ProductList>('/api/products?limit=50'), getCart()])
  const inCart = new Set(lines.map((line) => line.productId))
  const product = list.data.find((candidate) => !inCart.has(candidate.id))
  if (!product) throw new Error('Every listed product is already in the cart')
  return { id: product.id, name: product.name }
}

async function refreshDrawer(): Promise<void> {
  if (useCartStore.getState().mode !== 'server') return
  useCartStore.getState().replaceFromServer((await getCart()).map(cartItemFromServerLine))
}

export default function CartDebugPage() {
  const { user, isLoading } = useSession()
  const [results, setResults] = useState<Record<TestId, TestResult>>({ read: { state: 'idle' }, insert: { state: 'idle' }, delete: { state: 'idle' } })
  const [inserted, setInserted] = useState<{ id: string; name: string } | null>(null)

  async function run(id: TestId) {
    setResults((previous) => ({ ...previous, [id]: { state: 'running' } }))
    const start = performance.now()
    try {
      const detail = await perform(id)
      setResults((previous) => ({ ...previous, [id]: { state: 'pass', ms: Math.round(performance.now() - start), detail } }))
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      setResults((previous) => ({ ...previous, [id]: { state: 'fail', ms: Math.round(performance.now() - start), detail } }))
    }
  }

  async function perform(id: TestId): Promise<string> {
    if (id === 'read') {
      const lines = await getCart()
      if (lines.length === 0) return '0 rows'
      return `${lines.length} rows: ${lines.map((line) => `${line.product.name} × ${line.quantity}`).join(', ')}`
    }
    if (id === 'insert') {
      const product = await pickTestProduct()
      const line = await postCartItem({ productId: product.id, quantity: 1 })
      setInserted(product)
      await refreshDrawer()
      return `Inserted ${line.product.name} × ${line.quantity} (product ${line.productId})`
    }
    if (!inserted) throw new Error('Run the insert test first')
    await deleteCartItem(inserted.id)
    setInserted(null)
    await refreshDrawer()
    return `Deleted ${inserted.name} (product ${inserted.id})`
  }

  return (
    <div className="container-page py-10">
      <title>Cart debug | Audio Lab Store</title>
      <p className="text-xs font-semibold tracking-widest text-amber-300 uppercase">Developer page</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-white">Cart database tests</h1>
      <p className="mt-2 max-w-2xl text-zinc-400">
        Reads, inserts and deletes rows of the server cart (cart_items) for the signed-in user through this store's API.
      </p>
      <p className="mt-4 text-sm text-zinc-300" aria-live="polite">
        {isLoading
          ? 'Reading the session…'
          : user
            ? `Signed in as ${user.email} (user ${user.id})`
            : 'Not signed in: the server cart answers "User not authenticated".'}
      </p>
      <ul className="mt-6 flex flex-col gap-3">
        {TESTS.map((test) => {
          const result = results[test.id]
          return (
            <li key={test.id} className="flex items-start gap-3 rounded-xl border border-zinc-800 bg-zinc-900/50 p-4">
              <span className="w-6 shrink-0 text-xl leading-6 font-bold">
                {result.state === 'pass' ? (
                  <span className="text-emerald-400" aria-label="Passed">
                    ✓
                  </span>
                ) : result.state === 'fail' ? (
                  <span className="text-rose-400" aria-label="Failed">
                    ✗
                  </span>
                ) : (
                  <span className="text-zinc-400" aria-label={result.state === 'running' ? 'Running' : 'Not run'}>
                    …
                  </span>
                )}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <h2 className="font-semibold text-white">{test.name}</h2>
                  <code className="text-xs text-zinc-400">{test.call}</code>
                  {(result.state === 'pass' || result.state === 'fail') && <span className="text-xs text-zinc-400 tabular-nums">{result.ms} ms</span>}
                </div>
                {(result.state === 'pass' || result.state === 'fail') && (
                  <p className={`mt-1 text-sm break-words ${result.state === 'fail' ? 'text-rose-300' : 'text-zinc-300'}`}>{result.detail}</p>
                )}
              </div>
              <button type="button" onClick={() => void run(test.id)} disabled={result.state === 'running'} className="btn btn-secondary self-start py-1.5">
                Run <span className="sr-only">{test.name}</span>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
