/**
 * Who is signed in on this request: reads the session cookie through Better Auth (the session
 * row in the database, so a signed-out or revoked session is gone at once). Every route that
 * serves a user's own data starts with `requireUser(request)`; every owner's route with
 * `requireAdmin(request)` (401 for a guest, 403 for a signed-in shopper), or `requireStaff(request)`
 * on the few routes support staff may use too.
 */
import type { FastifyRequest } from 'fastify'
import { AppError, unauthorized } from '../http/errors.ts'
import type { LoadAuth } from './auth-loader.ts'
import { ADMIN_ROLE, SUPPORT_ROLE } from './roles.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The store's Better Auth (createAuth), made on first use. */
    auth: LoadAuth
  }
}

export interface SessionUser {
  id: string
  email: string
  name: string
  createdAt: Date
  /** `admin` for the shop owner's accounts, `support` for support staff. */
  role: string | null
}

export interface RequestSession {
  user: SessionUser
  /** The session row's id and token (the token is what the cookie carries, signed). */
  session: { id: string; token: string }
}

const sessions = new WeakMap<FastifyRequest, Promise<RequestSession | null>>()

/** The request's session, looked up once per request. */
export function getRequestSession(request: FastifyRequest): Promise<RequestSession | null> {
  let found = sessions.get(request)
  if (!found) {
    found = lookUp(request)
    sessions.set(request, found)
  }
  return found
}

async function lookUp(request: FastifyRequest): Promise<RequestSession | null> {
  if (!request.headers.cookie) return null
  const headers = new Headers()
  headers.set('cookie', request.headers.cookie)
  if (request.headers.host) headers.set('host', request.headers.host)
  // Read-only: the stored expiry is refreshed by Better Auth's own get-session calls.
  const auth = await request.server.auth()
  const result = await auth.api.getSession({ headers, query: { disableRefresh: true } })
  if (!result) return null
  const { user, session } = result
  return {
    user: { id: user.id, email: user.email, name: user.name, createdAt: new Date(user.createdAt), role: user.role ?? null },
    session: { id: session.id, token: session.token },
  }
}

/** The signed-in user of this request, or null. */
export async function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  return (await getRequestSession(request))?.user ?? null
}

/** The signed-in user, or throws 401 { message: 'User not authenticated', code: 'UNAUTHORIZED' }. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await getSessionUser(request)
  if (!user) throw unauthorized()
  return user
}

export const ADMIN_ONLY_MESSAGE = 'Admin access required'

/** The signed-in admin, or throws 401 for a guest and 403 { code: 'FORBIDDEN' } for anyone else. */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request)
  if (user.role !== ADMIN_ROLE) throw new AppError(403, 'FORBIDDEN', ADMIN_ONLY_MESSAGE)
  return user
}

/** The signed-in admin or support account, or throws 401 for a guest and 403 { code: 'FORBIDDEN' } for anyone else. */
export async function requireStaff(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request)
  if (user.role !== ADMIN_ROLE && user.role !== SUPPORT_ROLE) throw new AppError(403, 'FORBIDDEN', ADMIN_ONLY_MESSAGE)
  return user
}
