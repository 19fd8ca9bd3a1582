/**
 * The first `k` of `items` in the order `compare` gives, without sorting them all: a page of a
 * list needs only its own rows and those before it, so the cost is n·log k rather than n·log n.
 */
export type Compare = (a: number, b: number) => number

export function topK(items: readonly number[], k: number, compare: Compare): number[] {
  if (k <= 0) return []
  // Few items or a deep page: a full sort is as quick.
  if (items.length <= k * 4) return [...items].sort(compare).slice(0, k)
  // A max-heap of the best k seen so far (its root is the worst of them).
  const heap: number[] = []
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0
  const swap = (i: number, j: number) => {
    const held = heap[i]!
    heap[i] = heap[j]!
    heap[j] = held
  }
  const siftDown = (start: number) => {
    let at = start
    for (;;) {
      const left = 2 * at + 1
      const right = left + 1
      let largest = at
      if (left < heap.length && worse(left, largest)) largest = left
      if (right < heap.length && worse(right, largest)) largest = right
      if (largest === at) return
      swap(at, largest)
      at = largest
    }
  }
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item)
      let at = heap.length - 1
      while (at > 0) {
        const parent = (at - 1) >> 1
        if (!worse(at, parent)) break
        swap(at, parent)
        at = parent
      }
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item
      siftDown(0)
    }
  }
  return heap.sort(compare)
}
