// Lint as a guard: typescript-eslint's recommended rules, React's hook rules, and the import
// boundaries of the codebase (eslint-plugin-boundaries), so a change that crosses a boundary
// fails `npm run lint` instead of waiting for a reviewer to notice.
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Server folders every capability may use: the database client, HTTP edge, mail, file storage, jobs, configuration. */
const INFRASTRUCTURE = ['infra', 'db-client']

/** What a file of a server capability may import: its own folder, other capabilities' services, the two seams, infrastructure. */
const capabilityMayImport = [
  { to: { element: { types: ['capability', 'service'], captured: { capability: '{{ from.captured.capability }}' } } } },
  { to: { element: { type: 'service' } } },
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
        { type: 'service', pattern: 'src/server/*/*.service.ts', mode: 'file', capture: ['capability', 'file'] },
        { type: 'capability', pattern: 'src/server/*', capture: ['capability'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{ from.type }} {{ from.path }} may not import {{ to.path }}: a server capability reaches another only through its *.service.ts; client, server and shared never import each other',
          policies: [
            { from: { element: { type: 'shared' } }, allow: [{ to: { element: { type: 'shared' } } }] },
            { from: { element: { type: 'client' } }, allow: [{ to: { element: { types: ['client', 'shared'] } } }] },
            { from: { element: { type: 'demo-catalog' } }, allow: [{ to: { element: { types: ['demo-catalog', 'shared'] } } }] },
            { from: { element: { types: ['infra', 'db-client'] } }, allow: [{ to: { element: { types: [...INFRASTRUCTURE, 'db', 'shared'] } } }] },
            // The database layer gathers every capability's tables (for drizzle-kit) and seeds the demo catalog.
            { from: { element: { type: 'db' } }, allow: [{ to: { element: { types: [...INFRASTRUCTURE, 'db', 'table-keys', 'capability', 'demo-catalog', 'shared'] } } }] },
            { from: { element: { types: ['capability', 'service'] } }, allow: capabilityMayImport },
            { from: { element: { type: 'seam' } }, allow: [{ to: { element: { types: [...INFRASTRUCTURE, 'shared', 'seam'] } } }, ...capabilityMayImport] },
            // app.ts and main.ts build every service and register every capability's routes.
            { from: { element: { type: 'composition' } }, allow: [{ to: { element: { types: ['capability', 'service', 'seam', 'composition', ...INFRASTRUCTURE, 'db', 'shared'] } } }] },
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
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/demo-catalog/**'], message: 'The client never imports server code.' }] }] },
  },
  {
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/client/**'], message: 'Server and shared code never import the client.' }] }] },
  },
)
