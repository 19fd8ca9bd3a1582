/** A real S3-compatible server for tests: s3rver in this process, on a free port, with one bucket in a temporary directory. */
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The part of s3rver 3.7 used here (it ships no types). */
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>
  close(): Promise<void>
}
type S3rverClass = new (options: { port: number; address: string; silent: boolean; directory: string; configureBuckets: { name: string }[] }) => S3rverServer
const require = createRequire(import.meta.url)
const S3rver = require('s3rver') as S3rverClass

/** s3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface TestBucket {
  /** The server's URL, for S3_ENDPOINT. */
  endpoint: string
  close: () => Promise<void>
}

export async function startTestBucket(bucket: string): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'als-s3rver-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
