/**
 * Where Better Auth's endpoints live: the server mounts them there (auth.routes.ts, and Better
 * Auth's own `basePath`), its API reference lists them there, and the browser's auth client calls
 * them there. A constant of its own, so the server's auth modules share it without importing each
 * other (the lazily loaded Better Auth and its loader).
 */
export const AUTH_BASE_PATH = '/api/auth'
