/**
 * What the app shell and the owner console may use of the account feature: the header's account
 * control, the guard of signed-in pages, and the session as the console reads it (the
 * storefront's features read it below the features, in src/client/session/). Anything else here
 * is private.
 */
export { AccountMenu } from './AccountMenu.tsx'
export { RequireAuth } from './RequireAuth.tsx'
export { useSession } from './use-session.ts'
