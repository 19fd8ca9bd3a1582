/**
 * One API reference: the store's OpenAPI document (/api/docs) with Better Auth's own description
 * of the account endpoints merged in, under /api/auth and the tag `auth`, so sign-in, sessions and
 * two-factor sit beside the rest. Better Auth describes itself only once it is loaded, and the
 * store loads it on first use (auth-loader.ts): the description is made when the document is first
 * asked for, never at start-up, and kept. Only what auth.routes.ts passes on and the store can
 * answer is described (no social sign-in, no admin endpoints).
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { AUTH_BASE_PATH } from '../../shared/contract/auth.ts'
import type { LoadAuth } from './auth-loader.ts'

type Operation = Record<string, unknown> & { tags?: string[]; security?: unknown }
type PathItem = Record<string, Operation>
interface OpenApiDocument {
  paths?: Record<string, PathItem>
  tags?: { name: string; description?: string }[]
  components?: { schemas?: Record<string, unknown>; [part: string]: unknown }
  [field: string]: unknown
}

export const AUTH_TAG = 'auth'
const AUTH_TAG_DESCRIPTION = "Accounts: sign-up, sign-in, sessions, email confirmation, password reset and two-factor sign-in (Better Auth's endpoints)"
/** auth.routes.ts passes GET and POST to Better Auth; any other method answers 404 there. */
const PROXIED_METHODS = new Set(['get', 'post'])
/** Better Auth endpoints the store does not expose, should a plugin bring them: its admin endpoints answer 404. */
const REFUSED_PATH = /^\/admin(?:\/|$)/
/** Core endpoints that work only with a social sign-in provider, which the store has none of (email and password only). */
const SOCIAL_ONLY_PATHS = new Set(['/sign-in/social', '/callback/{id}', '/link-social', '/refresh-token', '/get-access-token', '/account-info'])
/** Better Auth's models are named apart from the store's: `User` becomes `AuthUser`. */
const MODEL_PREFIX = 'Auth'
const SCHEMA_REF = '#/components/schemas/'

/** Better Auth's description of its mounted endpoints, as its openAPI plugin generates it, without mounting that plugin's own endpoints. */
async function describeAuth(loadAuth: LoadAuth): Promise<OpenApiDocument> {
  const [{ openAPI }, auth] = await Promise.all([import('better-auth/plugins'), loadAuth()])
  const context = await auth.$context
  return (await openAPI().endpoints.generateOpenAPISchema({ context } as never)) as unknown as OpenApiDocument
}

/** `#/components/schemas/User` → `#/components/schemas/AuthUser`, everywhere in the value. */
function renameModels<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (key, item: unknown) =>
    key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMA_REF) ? `${SCHEMA_REF}${MODEL_PREFIX}${item.slice(SCHEMA_REF.length)}` : item,
  ) as T
}

/** The store's document with Better Auth's paths (prefixed, tagged `auth`, only those the store passes on) and models added. */
function mergeAuthDescription(document: OpenApiDocument, auth: OpenApiDocument): OpenApiDocument {
  const described = renameModels(auth)
  const paths: Record<string, PathItem> = {}
  for (const [path, item] of Object.entries(described.paths ?? {})) {
    if (REFUSED_PATH.test(path) || SOCIAL_ONLY_PATHS.has(path)) continue
    const operations = Object.entries(item)
      .filter(([method]) => PROXIED_METHODS.has(method))
      // Better Auth names a bearer token, which the store does not take: the session cookie signs requests in.
      .map(([method, { security: _bearer, ...operation }]): [string, Operation] => [method, { ...operation, tags: [AUTH_TAG] }])
    if (operations.length > 0) paths[`${AUTH_BASE_PATH}${path}`] = Object.fromEntries(operations)
  }
  const models = Object.fromEntries(Object.entries(described.components?.schemas ?? {}).map(([name, schema]) => [`${MODEL_PREFIX}${name}`, schema]))
  return {
    ...document,
    paths: { ...document.paths, ...paths },
    tags: [...(document.tags ?? []).filter((tag) => tag.name !== AUTH_TAG), { name: AUTH_TAG, description: AUTH_TAG_DESCRIPTION }],
    components: { ...document.components, schemas: { ...document.components?.schemas, ...models } },
  }
}

/**
 * @fastify/swagger-ui's options for /api/docs: its JSON and YAML wait for Better Auth's description
 * (made by the first such request) and carry it merged. Should Better Auth fail to describe itself,
 * the store's own document is served and the failure logged; the next request tries again.
 */
export function authReferenceOptions(loadAuth: LoadAuth, log: Pick<FastifyBaseLogger, 'warn'>) {
  let describing: Promise<OpenApiDocument | null> | null = null
  let described: OpenApiDocument | null = null
  const describe = () =>
    (describing ??= describeAuth(loadAuth).then(
      (document) => (described = document),
      (error: unknown) => {
        log.warn({ err: error }, 'Better Auth could not describe its endpoints: the API reference lists the store routes only')
        describing = null
        return null
      },
    ))
  return {
    uiHooks: {
      preHandler: async (request: FastifyRequest) => {
        if (/\/(?:json|yaml)$/.test(request.url.split('?')[0] ?? '')) await describe()
      },
    },
    transformSpecification: (document: Readonly<Record<string, unknown>>) =>
      described ? mergeAuthDescription(document as OpenApiDocument, described) : (document as Record<string, unknown>),
  }
}
