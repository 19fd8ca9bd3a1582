// The structure check that `npm run lint` runs after ESLint: no import circles, `import type`
// counted (a type is how a circle starts). It reads every module of src/ with dependency-cruiser
// (its TypeScript parse keeps the imports the compiler erases: `import type`, type re-exports) and
// fails, printing each circle as a chain, on:
// - a circle between files, anywhere in src/ (server, shared, client);
// - a circle between server capability folders (src/server/<name>/): orders → tax → orders is a
//   circle even when every step is `import type`. Infrastructure (db/client.ts, http/, email/,
//   storage/, jobs/, config.ts and config/, paths.ts) and shared/ are leaves, not capabilities: an
//   infrastructure file that imports a capability fails too;
// - a `*.types.ts` file of the server that is not a leaf: it imports only other types files,
//   shared/, drizzle-orm and zod, and as types its own capability's tables (their row types), the
//   database client (Database, Executor) and the payment seam's interface (payments/provider.ts),
//   each a leaf itself.
// Test files are left out: a test may read any table, and nothing imports a test.
// Usage: node scripts/check-structure.mjs
import { cruise } from 'dependency-cruiser'

/** Server folders that are no capability: the database layer (it gathers every capability's tables) and the infrastructure. */
const NOT_CAPABILITIES = new Set(['db', 'http', 'email', 'storage', 'jobs', 'config'])
/** What every capability may use: it imports no capability, so a circle never passes through it. */
const INFRASTRUCTURE = /^src\/server\/((http|email|storage|jobs|config)\/|(config|paths|db\/client)\.ts$)/
/** The server files a types file may name as types besides types files and its own tables: the database client's types, the payment seam's interface. */
const TYPES_SERVER_LEAVES = new Set(['src/server/db/client.ts', 'src/server/payments/provider.ts'])
/** The packages a types file may name: the tables' row types and the contracts' schemas. */
const TYPES_PACKAGES = new Set(['drizzle-orm', 'zod'])

const { output } = await cruise(['src'], {
  tsPreCompilationDeps: true,
  exclude: { path: '\\.test\\.tsx?$' },
  doNotFollow: { path: 'node_modules' },
  moduleSystems: ['es6'],
})

/** `src/server/<name>/…` → `<name>` when that folder is a capability; null for infrastructure, shared/, the client. */
function capabilityOf(file) {
  const folder = /^src\/server\/([^/]+)\//.exec(file)?.[1]
  return folder && !NOT_CAPABILITIES.has(folder) ? folder : null
}
const packageOf = (name) => (name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0])
const short = (file) => file.replace(/^src\/server\//, '')

/** Our own files each module imports, with whether the import is only a type's. */
const imports = new Map()
const problems = new Set()
for (const module of output.modules) {
  if (!module.source.startsWith('src/')) continue
  const local = []
  for (const dependency of module.dependencies) {
    const typeOnly = dependency.dependencyTypes.includes('type-only')
    const ours = !dependency.coreModule && !dependency.couldNotResolve && dependency.resolved.startsWith('src/')
    if (ours) local.push({ to: dependency.resolved, typeOnly })
    if (/^src\/server\/.*\.types\.ts$/.test(module.source)) {
      const capability = capabilityOf(module.source)
      const ownTables = capability && dependency.resolved.startsWith(`src/server/${capability}/`) && dependency.resolved.endsWith('.schema.ts')
      const leaf = ours
        ? dependency.resolved.endsWith('.types.ts') ||
          dependency.resolved.startsWith('src/shared/') ||
          (typeOnly && (ownTables || TYPES_SERVER_LEAVES.has(dependency.resolved)))
        : TYPES_PACKAGES.has(packageOf(dependency.module))
      if (!leaf) problems.add(`types file not a leaf: ${module.source} imports ${dependency.resolved}`)
    }
    if (ours && INFRASTRUCTURE.test(module.source) && capabilityOf(dependency.resolved)) {
      problems.add(`infrastructure imports a capability: ${module.source} → ${dependency.resolved}`)
    }
  }
  imports.set(module.source, local)
}

/** The graph's strongly connected parts of more than one node (Tarjan): each is a knot of circles. */
function knots(graph) {
  let counter = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  function visit(node) {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node), low.get(next)))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)))
    }
    if (low.get(node) !== index.get(node)) return
    const knot = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      knot.push(member)
    } while (member !== node)
    if (knot.length > 1) found.push(new Set(knot))
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return found
}

/** The shortest path from `from` to `to` inside `knot` (breadth first), as the list of its nodes. */
function shortestPath(graph, knot, from, to) {
  const previous = new Map([[from, null]])
  const queue = [from]
  while (queue.length > 0) {
    const node = queue.shift()
    if (node === to) break
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (knot.has(next) && !previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  const path = []
  for (let node = to; node !== null; node = previous.get(node)) path.unshift(node)
  return path
}

/** Circles that together cover every import inside every knot, each the shortest through an import not yet shown. */
function circlesOf(graph) {
  const circles = []
  for (const knot of knots(graph)) {
    const shown = new Set()
    for (const from of [...knot].sort()) {
      for (const to of [...graph.get(from).keys()].sort()) {
        if (!knot.has(to) || shown.has(`${from}→${to}`)) continue
        const circle = [from, ...shortestPath(graph, knot, to, from)]
        for (let i = 1; i < circle.length; i++) shown.add(`${circle[i - 1]}→${circle[i]}`)
        circles.push(circle)
      }
    }
  }
  return circles
}

/** Files: each import, and whether it is `import type` only. */
const fileGraph = new Map([...imports].map(([file, local]) => [file, new Map(local.map(({ to, typeOnly }) => [to, typeOnly ? 'import type' : 'import']))]))
const fileCircles = circlesOf(fileGraph)

/** Server capability folders: for each folder it imports, the imports that make it. */
const folderGraph = new Map()
for (const [file, local] of imports) {
  const from = capabilityOf(file)
  if (!from) continue
  if (!folderGraph.has(from)) folderGraph.set(from, new Map())
  for (const { to: target, typeOnly } of local) {
    const to = capabilityOf(target)
    if (!to || to === from) continue
    const because = folderGraph.get(from).get(to) ?? []
    because.push(`${short(file)} → ${short(target)}${typeOnly ? ' (import type)' : ''}`)
    folderGraph.get(from).set(to, because)
  }
}
const folderCircles = circlesOf(folderGraph)

for (const circle of fileCircles) console.log(`circle between files: ${circle.join(' → ')}`)
for (const circle of folderCircles) {
  console.log(`circle between server folders: ${circle.join(' → ')}`)
  for (let i = 1; i < circle.length; i++) {
    const because = folderGraph.get(circle[i - 1]).get(circle[i])
    console.log(`  ${circle[i - 1]} → ${circle[i]}: ${because[0]}${because.length > 1 ? ` (and ${because.length - 1} more)` : ''}`)
  }
}
for (const problem of problems) console.log(problem)

const failures = fileCircles.length + folderCircles.length + problems.size
console.log(
  `check-structure: ${fileCircles.length} circles between files, ${folderCircles.length} between server folders, ${problems.size} other problems (${imports.size} modules, import type counted)`,
)
process.exitCode = failures > 0 ? 1 : 0
