/**
 * The session as the account feature and the owner console read it (their tests stand in for
 * this file): the session itself lives below the features, in src/client/session/use-session.ts,
 * where the storefront's other features read it.
 */
export { sessionChanged, useSession, type AuthSession, type SessionUser } from '../../session/use-session.ts'
