/**
 * Developer page (/supabase-test, development only): runs read tests against our own API and
 * shows ✓/✗, timing and the error for each.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Category, Product, ProductList } from '../../../../shared/contract/catalog.ts'
import { apiRequest } from '../../../api/http.ts'

interface ReadTest {
  id: string
  name: string
  description: string
  /** Runs the test; only the read wrapped in `timed` counts towards the timing shown. */
  run: (timed: <T>(read: () => Promise<T>) => Promise<T>) => Promise<string>
}

const NAMES_SHOWN = 5

const READ_TESTS: ReadTest[] = [
  {
    id: 'products',
    name: 'Products read',
    description: 'GET /api/products?limit=10',
    run: async (timed) => {
      const list = await timed(() => apiRequest<ProductList>('/api/products?limit=10'))
      return `${list.data.length} products (total ${list.total}): ${namesOf(list.data)}`
    },
  },
  {
    id: 'categories',
    name: 'Categories read',
    description: 'GET /api/categories',
    run: async (timed) => {
      const body = await timed(() => apiRequest<{ data: Category[] }>('/api/categories'))
      return `${body.data.length} categories: ${namesOf(body.data)}`
    },
  },
  {
    id: 'product',
    name: 'Single product read',
    description: 'GET /api/products/:id (the first product)',
    run: async (timed) => {
      const first = (await apiRequest<ProductList>('/api/products?limit=1')).data[0]
      if (!first) throw new Error('No product to read')
      const body = await timed(() => apiRequest<{ data: Product }>(`/api/products/${encodeURIComponent(first.id)}`))
      return `${body.data.name} (${body.data.id})`
    },
  },
  {
    id: 'category',
    name: 'Category by slug read',
    description: 'GET /api/categories/:slug (the first category)',
    run: async (timed) => {
      const first = (await apiRequest<{ data: Category[] }>('/api/categories')).data[0]
      if (!first) throw new Error('No category to read')
      const body = await timed(() => apiRequest<{ data: Category }>(`/api/categories/${encodeURIComponent(first.slug)}`))
      return `${body.data.name} (/${body.data.slug})`
    },
  },
]

function namesOf(items: Array<{ name: string }>): string {
  if (items.length === 0) return '(none)'
  const names = items.slice(0, NAMES_SHOWN).map((item) => item.name)
  return names.join(', ') + (items.length > NAMES_SHOWN ? ', …' : '')
}

type TestResult = { state: 'idle' } | { state: 'running' } | { state: 'pass' | 'fail'; ms: number | null; detail: string }

async function runReadTest(test: ReadTest): Promise<TestResult> {
  let ms: number | null = null
  const timed = async <T,>(read: () => Promise<T>): Promise<T> => {
    const start = performance.now()
    try {
      return await read()
    } finally {
      ms = Math.round(performance.now() - start)
    }
  }
  try {
    const detail = await test.run(timed)
    return { state: 'pass', ms, detail }
  } catch (error) {
    return { state: 'fail', ms, detail: error instanceof Error ? error.message : String(error) }
  }
}

export default function BackendTestPage() {
  const [results, setResults] = useState<Record<string, TestResult>>({})
  const generation = useRef(0)

  const runOne = useCallback(async (test: ReadTest, runId: number) => {
    setResults((previous) => ({ ...previous, [test.id]: { state: 'running' } }))
    const result = await runReadTest(test)
    if (generation.current === runId) setResults((previous) => ({ ...previous, [test.id]: result }))
  }, [])

  const runAll = useCallback(() => {
    const runId = ++generation.current
    for (const test of READ_TESTS) void runOne(test, runId)
  }, [runOne])

  useEffect(runAll, [runAll])

  const running = Object.values(results).some((result) => result.state === 'running')
  const passed = Object.values(results).filter((result) => result.state === 'pass').length
  return (
    <div className="container-page py-10">
      <title>Backend read tests | Audio Lab Store</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-widest text-amber-300 uppercase">Developer page</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-white">Backend read tests</h1>
          <p className="mt-2 text-zinc-400">Reads products and categories from this store's API and times each call.</p>
        </div>
        <button type="button" onClick={runAll} disabled={running} className="btn btn-primary">
          {running ? 'Running…' : 'Run all tests'}
        </button>
      </div>
      <p className="mt-6 text-sm text-zinc-400" aria-live="polite">
        {running ? 'Running tests…' : `${passed} of ${READ_TESTS.length} passed`}
      </p>
      <ul className="mt-4 flex flex-col gap-3">
        {READ_TESTS.map((test) => (
          <TestRow key={test.id} test={test} result={results[test.id] ?? { state: 'idle' }} onRun={() => void runOne(test, generation.current)} />
        ))}
      </ul>
    </div>
  )
}

function TestRow({ test, result, onRun }: { test: ReadTest; result: TestResult; onRun: () => void }) {
  const mark =
    result.state === 'pass' ? (
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
    )
  return (
    <li className="flex items-start gap-3 rounded-xl border border-zinc-800 bg-zinc-900/50 p-4">
      <span className="w-6 shrink-0 text-xl leading-6 font-bold">{mark}</span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h2 className="font-semibold text-white">{test.name}</h2>
          <code className="text-xs text-zinc-400">{test.description}</code>
          {(result.state === 'pass' || result.state === 'fail') && result.ms !== null && (
            <span className="text-xs text-zinc-400 tabular-nums">{result.ms} ms</span>
          )}
        </div>
        {(result.state === 'pass' || result.state === 'fail') && (
          <p className={`mt-1 text-sm break-words ${result.state === 'fail' ? 'text-rose-300' : 'text-zinc-300'}`}>{result.detail}</p>
        )}
      </div>
      <button type="button" onClick={onRun} disabled={result.state === 'running'} className="btn btn-secondary self-start py-1.5">
        Run
      </button>
    </li>
  )
}
