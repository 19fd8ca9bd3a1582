// Lint as a guard: typescript-eslint's recommended rules, React's hook rules, and the import
// boundaries of the codebase (eslint-plugin-boundaries), so a change that crosses a boundary
// fails `npm run lint` instead of waiting for a reviewer to notice.
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Server folders every capability may use: the database client, HTTP edge, mail, file storage, jobs, configuration. */
const INFRASTRUCTURE = ['infra', 'db-client']

/** A client feature's files: its own folder, its pages (routes/) and its public.ts. */
const CLIENT_FEATURE = ['feature', 'feature-routes', 'feature-public']

/** What a file of a server capability may import: its own folder, other capabilities' services and (as types only) their types, the two seams, infrastructure. */
const capabilityMayImport = [
  { to: { element: { types: ['capability', 'service', 'types'], captured: { capability: '{{ from.captured.capability }}' } } } },
  { to: { element: { type: 'service' } } },
  { to: { element: { type: 'types' } }, dependency: { kind: 'type' } },
  { to: { element: { type: 'seam' } } },
  { to: { element: { type: 'table-keys' } } },
  { to: { element: { types: [...INFRASTRUCTURE, 'shared'] } } },
]

export default tseslint.config(
  {
    ignores: ['dist/**', '.cache/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names are deliberately unused (a destructured field left out of an answer).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['src/**/*'],
      // The first descriptor a file matches decides its type.
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/shared' },
        // The client: the app shell composes the features; a feature's files are its own, except
        // its public.ts (what other features and the shell may use) and its routes/ (the pages the
        // shell's router loads lazily); components/ is shared UI that knows no feature.
        { type: 'client-app', pattern: 'src/client/{app,server-render}' },
        { type: 'client-app', pattern: 'src/client/main.tsx', mode: 'file' },
        { type: 'feature-public', pattern: 'src/client/features/*/public.ts', mode: 'file', capture: ['feature'] },
        { type: 'feature-routes', pattern: 'src/client/features/*/routes', capture: ['feature'] },
        { type: 'feature', pattern: 'src/client/features/*', capture: ['feature'] },
        { type: 'client-components', pattern: 'src/client/components' },
        { type: 'client', pattern: 'src/client' },
        { type: 'demo-catalog', pattern: 'src/demo-catalog' },
        { type: 'composition', pattern: 'src/server/{app,main}.ts', mode: 'file' },
        // The owner CLI is a second way in, wired like app.ts.
        { type: 'composition', pattern: 'src/server/cli' },
        { type: 'infra', pattern: 'src/server/{config,paths}.ts', mode: 'file' },
        { type: 'infra', pattern: 'src/server/{http,email,storage,jobs}' },
        { type: 'db-client', pattern: 'src/server/db/client.ts', mode: 'file' },
        { type: 'table-keys', pattern: 'src/server/db/table-keys.ts', mode: 'file' },
        { type: 'db', pattern: 'src/server/db' },
        { type: 'seam', pattern: 'src/server/+(auth)/session.ts', mode: 'file', capture: ['capability'] },
        { type: 'seam', pattern: 'src/server/+(payments)/provider.ts', mode: 'file', capture: ['capability'] },
        // A capability may have several services (orders: pending orders, fulfilment, after-sale, ...).
        { type: 'service', pattern: 'src/server/*/*.service.ts', mode: 'file', capture: ['capability', 'file'] },
        // The types other capabilities name (an order row, a buyer), importable as types only.
        { type: 'types', pattern: 'src/server/*/*.types.ts', mode: 'file', capture: ['capability', 'file'] },
        // The storefront's pages as browsers and search engines get them (the served app, the page
        // head, the server's rendering, robots.txt, the sitemap): a capability with no tables of its
        // own, which reads the catalog through catalog.service.ts like any other.
        { type: 'capability', pattern: 'src/server/+(storefront)', capture: ['capability'] },
        { type: 'capability', pattern: 'src/server/*', capture: ['capability'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{ from.type }} {{ from.path }} may not import {{ to.path }}: a server capability reaches another only through its *.service.ts (and `import type` from its *.types.ts); client, server and shared never import each other',
          policies: [
            { from: { element: { type: 'shared' } }, allow: [{ to: { element: { type: 'shared' } } }] },
            { from: { element: { type: 'client' } }, allow: [{ to: { element: { types: ['client', 'shared'] } } }] },
            {
              from: { element: { type: 'client' } },
              disallow: [{ to: { element: { types: ['client-app', 'client-components', ...CLIENT_FEATURE] } } }],
              message:
                "{{ from.filePath }} may not import {{ to.filePath }}: the client's base (api/, store-config.ts) imports no app, component or feature file",
            },
            {
              from: { element: { type: 'client-components' } },
              allow: [{ to: { element: { types: ['client-components', 'client', 'shared'] } } }],
            },
            {
              from: { element: { type: 'client-components' } },
              disallow: [{ to: { element: { types: ['client-app', ...CLIENT_FEATURE] } } }],
              message: '{{ from.filePath }} may not import {{ to.filePath }}: components/ is shared UI and imports no feature nor the app shell',
            },
            {
              from: { element: { type: 'client-app' } },
              allow: [{ to: { element: { types: ['client-app', 'feature-public', 'feature-routes', 'client-components', 'client', 'shared'] } } }],
            },
            {
              from: { element: { type: 'client-app' } },
              disallow: [{ to: { element: { type: 'feature' } } }],
              message:
                'The app shell ({{ from.filePath }}) may not import {{ to.filePath }}: it uses a feature through its public.ts, or a page of its routes/',
            },
            // A feature imports another feature only through that feature's public.ts (the last matching policy decides).
            {
              from: { element: { types: CLIENT_FEATURE } },
              disallow: [{ to: { element: { types: ['feature', 'feature-routes'] } } }],
              message:
                '{{ from.filePath }} may not import {{ to.filePath }}: feature {{ from.captured.feature }} reaches feature {{ to.captured.feature }} only through features/{{ to.captured.feature }}/public.ts',
            },
            {
              from: { element: { types: CLIENT_FEATURE } },
              disallow: [{ to: { element: { type: 'client-app' } } }],
              message: '{{ from.filePath }} may not import {{ to.filePath }}: features never import the app shell',
            },
            {
              from: { element: { types: CLIENT_FEATURE } },
              allow: [
                { to: { element: { types: CLIENT_FEATURE, captured: { feature: '{{ from.captured.feature }}' } } } },
                { to: { element: { types: ['feature-public', 'client-components', 'client', 'shared'] } } },
              ],
            },
            { from: { element: { type: 'demo-catalog' } }, allow: [{ to: { element: { types: ['demo-catalog', 'shared'] } } }] },
            { from: { element: { types: ['infra', 'db-client'] } }, allow: [{ to: { element: { types: [...INFRASTRUCTURE, 'db', 'shared'] } } }] },
            // The database layer gathers every capability's tables (for drizzle-kit) and seeds the demo catalog.
            {
              from: { element: { type: 'db' } },
              allow: [{ to: { element: { types: [...INFRASTRUCTURE, 'db', 'table-keys', 'capability', 'demo-catalog', 'shared'] } } }],
            },
            { from: { element: { types: ['capability', 'service', 'types'] } }, allow: capabilityMayImport },
            { from: { element: { type: 'seam' } }, allow: [{ to: { element: { types: [...INFRASTRUCTURE, 'shared', 'seam'] } } }, ...capabilityMayImport] },
            // app.ts and main.ts build every service and register every capability's routes.
            {
              from: { element: { type: 'composition' } },
              allow: [{ to: { element: { types: ['capability', 'service', 'types', 'seam', 'composition', ...INFRASTRUCTURE, 'db', 'shared'] } } }],
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may read any table to assert what a user would notice, but client and server stay apart.
    files: ['src/**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { 'boundaries/dependencies': 'off' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/support/client/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/demo-catalog/**'], message: 'The client never imports server code.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/client/**'], message: 'Server and shared code never import the client.' }] }] },
  },
)
