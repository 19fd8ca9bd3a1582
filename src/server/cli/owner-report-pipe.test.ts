/**
 * The owner CLI's report is whole when another program reads it through a pipe (a script's
 * `spawn`, a CI log collector): `owner product import` of a 10,000-line manifest prints every
 * line's outcome and the totals, and ends with its exit code, after the output has drained.
 * Writes to a pipe are asynchronous in Node: a process that exits at once loses what is still
 * queued. Most lines are refused (a price that is not an amount), so the run is the CLI's own
 * and not ten thousand products' files.
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../paths.ts'

const LINES = 10_000
const IMPORTED = 30
/** Lines naming a product an earlier line already added: skipped. */
const SKIPPED = 30
const REFUSED = LINES - IMPORTED - SKIPPED

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'owner-pipe-'))
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

/** Runs the real CLI as a script would: a fresh embedded database, stdout and stderr read through pipes. */
function ownerThroughPipe(...argv: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dir, 'data'), NODE_ENV: 'test' }
  delete env.DATABASE_URL
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/owner.ts', ...argv], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out, err }))
  })
}

describe('owner product import through a pipe', () => {
  it('prints the outcome of each of 10,000 manifest lines and the totals, then exits with its code', { timeout: 180_000 }, async () => {
    const manifest = join(dir, 'manifest')
    await mkdir(manifest)
    await writeFile(join(manifest, 'pack.zip'), 'PK\u0003\u0004 a small pack')
    const rows = ['name,price,file']
    for (let index = 1; index <= LINES; index++) {
      if (index <= IMPORTED) rows.push(`Pipe Pack ${index},1.00,pack.zip`)
      else if (index <= IMPORTED + SKIPPED) rows.push(`Pipe Pack ${index - IMPORTED},1.00,pack.zip`)
      else rows.push(`Pipe Pack ${index},one dollar,pack.zip`)
    }
    await writeFile(join(manifest, 'manifest.csv'), `${rows.join('\n')}\n`)

    const run = await ownerThroughPipe('product', 'import', manifest)

    expect(run.err).toBe('')
    const printed = run.out.trimEnd().split('\n')
    expect(printed.at(-1)).toBe(`${IMPORTED} imported, ${SKIPPED} skipped (already in the store), ${REFUSED} refused.`)
    // A manifest line's label is its line in the file: the header is line 1.
    const outcomes = printed.slice(0, -1).map((line) => /^line (\d+): (\w+)/.exec(line)?.slice(1).join(' '))
    const expected = Array.from(
      { length: LINES },
      (_, index) => `${index + 2} ${index < IMPORTED ? 'Added' : index < IMPORTED + SKIPPED ? 'skipped' : 'refused'}`,
    )
    expect(outcomes.length).toBe(LINES)
    expect(outcomes.filter((outcome, index) => outcome !== expected[index])).toEqual([])
    expect(run.code).toBe(1)
  })
})
