// Download benchmark through a bucket: an S3-compatible server (s3rver, in a process of its own)
// holds a 1 GiB product file; the built store (npm run build first) runs with STORAGE_URL on it,
// on a fresh PostgreSQL database. A buyer's signed download URL answers a 302 to a presigned
// bucket URL, which this script streams and hashes while sampling the store's RSS from /proc;
// then a resumed download: the first 40 % by Range, the signed URL asked again for the rest
// (`Range: bytes=N-`), both halves hashed together. The ceiling, measured in the same run: the
// same object fetched by a presigned URL made here, with no store involved.
// Usage: node scripts/bench/download-s3.mjs [--size-mib 1024]
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { benchDatabase, buyerOfFile, drain, httpGet, MiB, procMemory, sampleMemory, writeRandomFile } from './download-fixture.mjs'
import { freePort, waitForHealth } from './server-process.mjs'

const { values } = parseArgs({ options: { 'size-mib': { type: 'string', default: '1024' } } })
const fileBytes = Number(values['size-mib']) * MiB
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const BUCKET = 'als-bench'
const PREFIX = 'shop'
const storageKey = 'products/bench-multitracks.zip'
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

const work = mkdtempSync(join(tmpdir(), 'als-bench-s3-'))
const database = await benchDatabase(adminUrl, 'als_bench_s3')
const children = []

/** Starts s3rver in its own process; answers its endpoint and pid. */
async function startBucketProcess() {
  mkdirSync(join(work, 's3rver'))
  const child = spawn(process.execPath, ['scripts/bench/s3rver-process.mjs', join(work, 's3rver'), BUCKET], { stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  const [line] = await createInterface({ input: child.stdout })
    [Symbol.asyncIterator]()
    .next()
    .then(({ value }) => [value])
  return { endpoint: `http://127.0.0.1:${JSON.parse(line).port}`, pid: child.pid }
}

/** Streams a URL's body into a hash (never buffering it); answers bytes, seconds and status. */
async function hashedGet(url, hash, headers = {}) {
  const response = await httpGet(url, headers)
  const result = await drain(response, hash)
  return { ...result, status: response.statusCode }
}

try {
  const bucket = await startBucketProcess()
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: bucket.endpoint,
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const filePath = join(work, 'bench-multitracks.zip')
  process.stdout.write(`Writing a ${fileBytes / MiB} MiB file and putting it in the bucket... `)
  const fileHash = writeRandomFile(filePath, fileBytes)
  const Key = `${PREFIX}/files/${storageKey}`
  await new Upload({ client, params: { Bucket: BUCKET, Key, Body: createReadStream(filePath) }, partSize: 16 * MiB, queueSize: 4 }).done()
  console.log('done')

  const port = await freePort()
  const base = `http://localhost:${port}`
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: join(work, 'data'),
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    STORE_MODE: 'live',
    NODE_ENV: 'development',
    PUBLIC_URL: base,
    STORAGE_URL: `s3://${BUCKET}/${PREFIX}`,
    S3_ENDPOINT: bucket.endpoint,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  }
  const store = spawn(process.execPath, ['dist/node/store/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  children.push(store)
  process.stdout.write('Starting the built store on the bucket (seeds the demo catalog into it)... ')
  await waitForHealth(base, store)
  console.log('ready')
  const { grant } = await buyerOfFile({ base, databaseUrl: database.url, storageKey, fileBytes })

  // The ceiling: the bucket alone, by a presigned URL made here.
  const direct = await hashedGet(await getSignedUrl(client, new GetObjectCommand({ Bucket: BUCKET, Key }), { expiresIn: 300 }), createHash('sha256'))

  // The whole file through the store's signed URL: a redirect, then the bucket's bytes.
  const downloadUrl = await grant()
  globalThis.gc?.()
  const rssBefore = procMemory(store.pid)
  const stopStore = sampleMemory(store.pid)
  const stopBucket = sampleMemory(bucket.pid)
  const redirect = await fetch(`${base}${downloadUrl}`, { redirect: 'manual' })
  if (redirect.status !== 302) throw new Error(`the signed URL answered ${redirect.status}, not a redirect`)
  const wholeHash = createHash('sha256')
  const whole = await hashedGet(redirect.headers.get('location'), wholeHash)
  const storePeak = stopStore()
  const bucketPeak = stopBucket()
  const rssAfter = procMemory(store.pid)

  // A resumed download: the first 40 %, then the signed URL asked again for the rest.
  const split = Math.floor(fileBytes * 0.4)
  const resumedHash = createHash('sha256')
  const firstPart = await hashedGet(redirect.headers.get('location'), resumedHash, { Range: `bytes=0-${split - 1}` })
  const again = await fetch(`${base}${downloadUrl}`, { redirect: 'manual', headers: { Range: `bytes=${split}-` } })
  const rest = await hashedGet(again.headers.get('location'), resumedHash, { Range: `bytes=${split}-` })

  const row = (path, result, extra = {}) => ({ path, MiB: Math.round(result.bytes / MiB), 'MB/s': Math.round(result.bytes / 1e6 / result.seconds), ...extra })
  console.log(`\nDownload of a ${fileBytes / MiB} MiB file from s3rver on loopback, one connection\n`)
  console.table([
    row('ceiling: presigned GET made by the bench (no store)', direct),
    row('store: signed URL → 302 → presigned GET', whole, { status: whole.status }),
    row(
      'resumed: bytes=0-… then the signed URL again, bytes=N-',
      { bytes: firstPart.bytes + rest.bytes, seconds: firstPart.seconds + rest.seconds },
      { status: `${firstPart.status}, ${again.status} → ${rest.status}` },
    ),
  ])
  const wholeOk = whole.bytes === fileBytes && wholeHash.digest('hex') === fileHash
  const resumedOk = firstPart.bytes + rest.bytes === fileBytes && resumedHash.digest('hex') === fileHash
  console.log(`sha256 of the download matches the file: ${wholeOk ? 'yes' : 'NO'}; of the resumed download: ${resumedOk ? 'yes' : 'NO'}`)
  console.log(
    `store RSS: ${Math.round(rssBefore / MiB)} MiB before, ${Math.round(storePeak / MiB)} MiB at most during the transfer, ${Math.round(rssAfter / MiB)} MiB after ` +
      `(growth ${Math.round((storePeak - rssBefore) / MiB)} MiB for a ${fileBytes / MiB} MiB file); s3rver's peak RSS ${Math.round(bucketPeak / MiB)} MiB`,
  )
  if (!wholeOk || !resumedOk) process.exitCode = 1
} finally {
  for (const child of children.reverse()) {
    if (child.exitCode !== null) continue
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
  rmSync(work, { recursive: true, force: true })
  await database.drop()
}
