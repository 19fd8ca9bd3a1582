/**
 * What other features and the app shell may use of the account feature: the session, the
 * header's account control and the guard of signed-in pages. Anything else here is private.
 */
export { AccountMenu } from './AccountMenu.tsx'
export { RequireAuth } from './RequireAuth.tsx'
export { useSession } from './use-session.ts'
