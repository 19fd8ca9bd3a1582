// Lint as a guard: typescript-eslint's recommended rules, React's hook rules, the import
// boundaries of the codebase (eslint-plugin-boundaries) and no circle between files
// (eslint-plugin-import-x's no-cycle), so a change that crosses a boundary
// fails `npm run lint` instead of waiting for a reviewer to notice.
import boundaries from 'eslint-plugin-boundaries'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Server folders every capability may use: the database client, HTTP edge, mail, file storage, jobs, configuration. */
const INFRASTRUCTURE = ['infra', 'db-client']

/** A client feature's files: its own folder, its pages (routes/) and its public.ts. */
const CLIENT_FEATURE = ['feature', 'feature-routes', 'feature-public']

/** A domain of the owner console's files: its own folder, its pages (routes/) and its public.ts. */
const CONSOLE_DOMAIN = ['console-domain', 'console-routes', 'console-public']

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
        // its public.ts (what the shell may use) and its routes/ (the pages the shell's router loads
        // lazily); components/ is shared UI that knows no feature; the rest (`client`) is the base
        // below the features: api/, store-config.ts and the client logic features share (session/,
        // tax/, cart-state/, preview/).
        { type: 'client-app', pattern: 'src/client/{app,server-render}' },
        { type: 'client-app', pattern: 'src/client/main.tsx', mode: 'file' },
        // The owner console (features/admin) is split by domain (products, orders, tax, ...): its app
        // (routes/: its router and the page of each of its routes), its shell (the frame, its route
        // list, what every domain uses) and each domain's files, its pages (routes/) and its public.ts.
        { type: 'console-app', pattern: 'src/client/features/admin/routes' },
        { type: 'console-shell', pattern: 'src/client/features/admin/shell' },
        { type: 'console-public', pattern: 'src/client/features/admin/*/public.ts', mode: 'file', capture: ['domain'] },
        { type: 'console-routes', pattern: 'src/client/features/admin/*/routes', capture: ['domain'] },
        { type: 'console-domain', pattern: 'src/client/features/admin/*', capture: ['domain'] },
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
        // The configuration's concerns (database, payments, storage, tax, ...), assembled by config.ts.
        { type: 'infra', pattern: 'src/server/config' },
        { type: 'infra', pattern: 'src/server/{http,email,storage,jobs}' },
        { type: 'db-client', pattern: 'src/server/db/client.ts', mode: 'file' },
        { type: 'table-keys', pattern: 'src/server/db/table-keys.ts', mode: 'file' },
        { type: 'db', pattern: 'src/server/db' },
        // A flow composes several capabilities' services into one change (publish a file version, fulfil a paid order).
        { type: 'flow', pattern: 'src/server/flows' },
        { type: 'seam', pattern: 'src/server/+(auth)/session.ts', mode: 'file', capture: ['capability'] },
        { type: 'seam', pattern: 'src/server/+(payments)/provider.ts', mode: 'file', capture: ['capability'] },
        // The catalog's search engines (SQL, the in-memory index), behind the catalog's seam (catalog/catalog-search.ts).
        { type: 'search', pattern: 'src/server/search' },
        // A capability may have several services (orders: pending orders, fulfilment, after-sale, ...).
        { type: 'service', pattern: 'src/server/*/*.service.ts', mode: 'file', capture: ['capability', 'file'] },
        // The types other capabilities name (an order row, a buyer), importable as types only.
        { type: 'types', pattern: 'src/server/*/*.types.ts', mode: 'file', capture: ['capability', 'file'] },
        // The storefront's pages as browsers and search engines get them (the served app, the page
        // head, the server's rendering, robots.txt, the sitemap): a capability with no tables of its
        // own, which reads the catalog through its services like any other.
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
                "{{ from.filePath }} may not import {{ to.filePath }}: the client's base (api/, store-config.ts, session/, tax/, cart-state/, preview/) imports no app, component or feature file",
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
              allow: [
                { to: { element: { types: ['client-app', 'feature-public', 'feature-routes', 'console-app', 'client-components', 'client', 'shared'] } } },
              ],
            },
            {
              from: { element: { type: 'client-app' } },
              disallow: [{ to: { element: { type: 'feature' } } }],
              message:
                'The app shell ({{ from.filePath }}) may not import {{ to.filePath }}: it uses a feature through its public.ts, or a page of its routes/',
            },
            // A storefront feature imports no other feature, not even its public.ts (the last matching policy decides): a page
            // that puts features together is composed in app/routes/, and what several features need moves below them.
            {
              from: { element: { types: CLIENT_FEATURE } },
              disallow: [{ to: { element: { types: CLIENT_FEATURE } } }],
              message:
                '{{ from.filePath }} may not import {{ to.filePath }}: feature {{ from.captured.feature }} imports no other feature ({{ to.captured.feature }}); compose them in app/ (app/routes/ for a page), or move what both need below the features (session/, tax/, cart-state/, components/)',
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
                { to: { element: { types: ['client-components', 'client', 'shared'] } } },
              ],
            },
            // The console's app routes each domain's pages in the console's frame; its shell imports no domain; a domain
            // imports another only through that domain's public.ts (the last matching policy decides).
            {
              from: { element: { type: 'console-app' } },
              allow: [
                { to: { element: { types: ['console-app', 'console-shell', 'console-routes', 'feature-public', 'client-components', 'client', 'shared'] } } },
              ],
            },
            {
              from: { element: { type: 'console-app' } },
              disallow: [{ to: { element: { types: ['console-domain', 'console-public'] } } }],
              message: "{{ from.filePath }} may not import {{ to.filePath }}: the console's app takes a domain's pages from its routes/ and nothing else of it",
            },
            {
              from: { element: { type: 'console-shell' } },
              allow: [{ to: { element: { types: ['console-shell', 'feature-public', 'client-components', 'client', 'shared'] } } }],
            },
            {
              from: { element: { type: 'console-shell' } },
              disallow: [{ to: { element: { types: ['console-app', ...CONSOLE_DOMAIN] } } }],
              message: "{{ from.filePath }} may not import {{ to.filePath }}: the console's shell is what every domain uses and imports no domain",
            },
            {
              from: { element: { types: CONSOLE_DOMAIN } },
              disallow: [{ to: { element: { types: ['console-app', 'console-domain', 'console-routes'] } } }],
              message:
                '{{ from.filePath }} may not import {{ to.filePath }}: console domain {{ from.captured.domain }} reaches domain {{ to.captured.domain }} only through features/admin/{{ to.captured.domain }}/public.ts',
            },
            {
              from: { element: { types: CONSOLE_DOMAIN } },
              allow: [
                { to: { element: { types: CONSOLE_DOMAIN, captured: { domain: '{{ from.captured.domain }}' } } } },
                { to: { element: { types: ['console-public', 'console-shell', 'feature-public', 'client-components', 'client', 'shared'] } } },
              ],
            },
            {
              from: { element: { types: CLIENT_FEATURE } },
              disallow: [{ to: { element: { types: ['console-app', 'console-shell', ...CONSOLE_DOMAIN] } } }],
              message: '{{ from.filePath }} may not import {{ to.filePath }}: no feature imports the owner console (features/admin)',
            },
            { from: { element: { type: 'demo-catalog' } }, allow: [{ to: { element: { types: ['demo-catalog', 'shared'] } } }] },
            { from: { element: { types: ['infra', 'db-client'] } }, allow: [{ to: { element: { types: [...INFRASTRUCTURE, 'db', 'shared'] } } }] },
            // The database layer gathers every capability's tables (for drizzle-kit) and seeds the demo catalog.
            {
              from: { element: { type: 'db' } },
              allow: [{ to: { element: { types: [...INFRASTRUCTURE, 'db', 'table-keys', 'capability', 'demo-catalog', 'shared'] } } }],
            },
            { from: { element: { types: ['capability', 'service', 'types'] } }, allow: capabilityMayImport },
            // A flow takes what capabilities may (services, types as types, the seams, infrastructure) and other flows' steps;
            // a route calls a flow, a service never does (the flow calls it).
            { from: { element: { type: 'flow' } }, allow: [{ to: { element: { type: 'flow' } } }, ...capabilityMayImport] },
            { from: { element: { type: 'capability' } }, allow: [{ to: { element: { type: 'flow' } } }] },
            { from: { element: { type: 'seam' } }, allow: [{ to: { element: { types: [...INFRASTRUCTURE, 'shared', 'seam'] } } }, ...capabilityMayImport] },
            // The search engines read the catalog as the catalog itself does (its tables, its views, the seam they implement),
            // and what any capability may; only app.ts imports them (it picks one), and nothing of the catalog imports them back.
            {
              from: { element: { type: 'search' } },
              allow: [
                { to: { element: { type: 'search' } } },
                { to: { element: { types: ['capability', 'service', 'types'], captured: { capability: 'catalog' } } } },
                { to: { element: { types: ['service', 'seam', 'table-keys', ...INFRASTRUCTURE, 'shared'] } } },
                { to: { element: { type: 'types' } }, dependency: { kind: 'type' } },
              ],
            },
            // app.ts and main.ts build every service and register every capability's routes.
            {
              from: { element: { type: 'composition' } },
              allow: [
                { to: { element: { types: ['capability', 'service', 'types', 'seam', 'search', 'flow', 'composition', ...INFRASTRUCTURE, 'db', 'shared'] } } },
              ],
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
  {
    // No circle between files, on the client and the server alike: a file never reaches itself
    // through its imports (`import type` aside; scripts/check-structure.mjs counts those). Packages
    // are not read (node_modules is ignored, and each of our files is parsed once per run), and a
    // test is left out: nothing imports a test, so no circle runs through one.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/ignore': ['node_modules'],
      'import-x/cache': { lifetime: '∞' },
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
)
