/**
 * Where to go after signing in or signing up: the page the guard interrupted (carried in the
 * router's location state as `from`), else a default.
 */

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown } | string
}

export function redirectTarget(state: unknown, fallback: string): string {
  const from = (state as FromState | null)?.from
  const path =
    typeof from === 'string'
      ? from
      : from && typeof from.pathname === 'string'
        ? `${from.pathname}${typeof from.search === 'string' ? from.search : ''}${typeof from.hash === 'string' ? from.hash : ''}`
        : null
  // Only paths on this site; "//host" would be protocol-relative, and the auth pages themselves would loop.
  if (!path || !path.startsWith('/') || path.startsWith('//')) return fallback
  if (/^\/(login|signup)(?:[/?#]|$)/.test(path)) return fallback
  return path
}
