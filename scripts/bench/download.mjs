// Download benchmark: starts the built server (npm run build first) on a fresh data directory
// and a fresh PostgreSQL database, stores a 1 GiB product file, makes a verified user with a
// COMPLETED order for it, asks for a download grant over HTTP and fetches the signed URL
// (streamed, never buffered) while sampling the server's RSS from /proc. Beside it, a plain
// fs.createReadStream read of the same file in this process. Prints MB/s and peak RSS.
// The same through a bucket's presigned URL: download-s3.mjs.
// Usage: node scripts/bench/download.mjs [--size-mib 1024] [--rounds 2]
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { benchDatabase, buyerOfFile, drain, httpGet, MiB, procMemory, sampleMemory, writeRandomFile } from './download-fixture.mjs'
import { freePort, waitForHealth } from './server-process.mjs'

const { values } = parseArgs({ options: { 'size-mib': { type: 'string', default: '1024' }, rounds: { type: 'string', default: '2' } } })
const fileBytes = Number(values['size-mib']) * MiB
const rounds = Number(values.rounds)
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const storageKey = 'products/bench-multitracks.zip'

const dataDir = mkdtempSync(join(tmpdir(), 'als-bench-dl-'))
const database = await benchDatabase(adminUrl, 'als_bench_dl')

let child
try {
  mkdirSync(join(dataDir, 'files/products'), { recursive: true })
  const filePath = join(dataDir, 'files', storageKey)
  process.stdout.write(`Writing a ${fileBytes / MiB} MiB file... `)
  const fileHash = writeRandomFile(filePath, fileBytes)
  console.log('done')

  const port = await freePort()
  const base = `http://localhost:${port}`
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    STORE_MODE: 'live',
    NODE_ENV: 'development',
    PUBLIC_URL: base,
  }
  child = spawn(process.execPath, ['dist/node/store/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  process.stdout.write('Starting the built server (seeds the demo catalog on a fresh data directory)... ')
  await waitForHealth(base, child)
  console.log('ready')

  const { grant } = await buyerOfFile({ base, databaseUrl: database.url, storageKey, fileBytes })

  const results = []
  const serverPid = child.pid
  for (let round = 1; round <= rounds; round++) {
    globalThis.gc?.()
    const disk = await drain(createReadStream(filePath, { highWaterMark: 256 * 1024 }))
    results.push({
      path: `disk: fs.createReadStream (round ${round})`,
      MiB: disk.bytes / MiB,
      'MB/s': Math.round(disk.bytes / 1e6 / disk.seconds),
      'server RSS before MiB': '',
      'server peak RSS MiB': '',
      'sha256 ok': '',
    })

    const downloadUrl = await grant()
    const before = procMemory(serverPid)
    const stopSampling = sampleMemory(serverPid)
    const hash = round === rounds ? createHash('sha256') : undefined
    const response = await httpGet(`${base}${downloadUrl}`)
    if (response.statusCode !== 200) throw new Error(`download answered ${response.statusCode}`)
    const http = await drain(response, hash)
    const peak = stopSampling()
    if (http.bytes !== fileBytes) throw new Error(`received ${http.bytes} of ${fileBytes} bytes`)
    results.push({
      path: `HTTP: signed URL${hash ? ' + sha256' : ''} (round ${round})`,
      MiB: http.bytes / MiB,
      'MB/s': Math.round(http.bytes / 1e6 / http.seconds),
      'server RSS before MiB': Math.round(before / MiB),
      'server peak RSS MiB': Math.round(peak / MiB),
      'sha256 ok': hash ? String(hash.digest('hex') === fileHash) : '',
    })
  }
  const lifetimePeak = procMemory(serverPid, 'VmHWM')

  console.log(`\nDownload of a ${fileBytes / MiB} MiB file: built server on PostgreSQL, loopback HTTP, one connection\n`)
  console.table(results)
  console.log(`Server VmHWM over its whole life (start-up and seeding included): ${Math.round(lifetimePeak / MiB)} MiB`)
} finally {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
  rmSync(dataDir, { recursive: true, force: true })
  await database.drop()
}
