/** Seeded pseudo-random numbers for the demo catalog, so every generated asset is reproducible. */

export type Random = () => number

/** A 32-bit seed from a string (FNV-1a), so a product's slug decides its randomness. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** Mulberry32: small, fast and good enough for audio noise and art layout. Returns values in [0, 1). */
export function createRandom(seed: number | string): Random {
  let state = typeof seed === 'string' ? hashSeed(seed) : seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A value in [min, max). */
export function between(random: Random, min: number, max: number): number {
  return min + (max - min) * random()
}
