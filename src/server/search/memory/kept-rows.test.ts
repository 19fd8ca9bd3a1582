/** A list's rows kept between lists: read once while the catalog stands still, never kept across a change. */
import { describe, expect, it } from 'vitest'
import { createKeptRows } from './kept-rows.ts'

interface Row {
  id: string
  name: string
}

function store() {
  const names = new Map([
    ['a', 'Dusty Keys'],
    ['b', 'Warehouse Techno'],
    ['c', 'Crystal Kalimba'],
  ])
  const reads: string[][] = []
  let changes = 0
  const load = async (ids: string[]) => {
    reads.push(ids)
    return ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []))
  }
  return { names, reads, load, change: () => changes++, changes: () => changes }
}

const namesOf = (rows: Map<string, Row>) => Object.fromEntries([...rows].map(([id, row]) => [id, row.name]))

describe('kept list rows', () => {
  it('reads only the rows it does not hold, and a missing product is simply absent', async () => {
    const s = store()
    const kept = createKeptRows<Row>(10, (row) => row.id, s.changes)
    expect(namesOf(await kept.read(['a', 'b'], s.load))).toEqual({ a: 'Dusty Keys', b: 'Warehouse Techno' })
    expect(namesOf(await kept.read(['b', 'c', 'gone'], s.load))).toEqual({ b: 'Warehouse Techno', c: 'Crystal Kalimba' })
    expect(s.reads).toEqual([
      ['a', 'b'],
      ['c', 'gone'],
    ])
  })

  it('reads every row again after the catalog changes', async () => {
    const s = store()
    const kept = createKeptRows<Row>(10, (row) => row.id, s.changes)
    await kept.read(['a'], s.load)
    s.names.set('a', 'Dusty Keys Vol. 2')
    s.change()
    expect(namesOf(await kept.read(['a'], s.load))).toEqual({ a: 'Dusty Keys Vol. 2' })
  })

  it('does not keep rows read while a change arrived: they may be the old ones', async () => {
    const s = store()
    const kept = createKeptRows<Row>(10, (row) => row.id, s.changes)
    // The change lands while the old row is on its way back.
    const racing = async (ids: string[]) => {
      const rows = await s.load(ids)
      s.names.set('a', 'Renamed')
      s.change()
      return rows
    }
    expect(namesOf(await kept.read(['a'], racing))).toEqual({ a: 'Dusty Keys' })
    expect(namesOf(await kept.read(['a'], s.load))).toEqual({ a: 'Renamed' })
  })

  it('holds at most its capacity, dropping the oldest read first', async () => {
    const s = store()
    const kept = createKeptRows<Row>(2, (row) => row.id, s.changes)
    await kept.read(['a', 'b', 'c'], s.load)
    s.reads.length = 0
    await kept.read(['b', 'c'], s.load)
    expect(s.reads).toEqual([])
    await kept.read(['a'], s.load)
    expect(s.reads).toEqual([['a']])
  })

  it('fills in batches what it does not hold, so later lists read nothing', async () => {
    const s = store()
    const kept = createKeptRows<Row>(10, (row) => row.id, s.changes)
    await kept.read(['b'], s.load)
    await kept.fill(['a', 'b', 'c'], s.load, 1)
    expect(s.reads).toEqual([['b'], ['a'], ['c']])
    expect(namesOf(await kept.read(['a', 'b', 'c'], s.load))).toEqual({ a: 'Dusty Keys', b: 'Warehouse Techno', c: 'Crystal Kalimba' })
    expect(s.reads).toHaveLength(3)
  })

  it('stops filling once the catalog changes', async () => {
    const s = store()
    const kept = createKeptRows<Row>(10, (row) => row.id, s.changes)
    const changingAfterFirst = async (ids: string[]) => {
      const rows = await s.load(ids)
      s.change()
      return rows
    }
    await kept.fill(['a', 'b', 'c'], changingAfterFirst, 1)
    expect(s.reads).toEqual([['a']])
  })
})
