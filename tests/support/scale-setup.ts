/**
 * Global setup of `npm run test:scale`: the suite's seeded template (global-setup.ts, on the
 * PostgreSQL database of the run) and an S3-compatible server (s3rver) holding the template's
 * product files and media in one bucket, as an operator copies a store's files to a bucket
 * before it runs as a fleet. Fleets (store-processes.ts) then keep no files on their own disks.
 */
import { readdirSync, statSync, createReadStream } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { TestProject } from 'vitest/node'
import { attachmentDisposition } from '../../src/server/downloads/content-disposition.ts'
import { dataPaths } from '../../src/server/paths.ts'
import { createS3FileStorage } from '../../src/server/storage/s3-file-storage.ts'
import setupTemplate from './global-setup.ts'
import { S3RVER_CREDENTIALS, startTestBucket } from './s3-server.ts'

/** Where the template's files are in the bucket: STORAGE_URL=s3://BUCKET/PREFIX. */
const BUCKET = 'als-scale'
const PREFIX = 'template'
const PARALLEL_PUTS = 8

declare module 'vitest' {
  export interface ProvidedContext {
    scaleBucket: { endpoint: string; bucket: string; prefix: string; accessKeyId: string; secretAccessKey: string } | null
  }
}

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** Puts every file under `root` into the bucket storage under its relative path, a few at a time. */
async function copyTree(root: string, put: (key: string, path: string) => Promise<unknown>): Promise<number> {
  const paths = filesUnder(root)
  for (let start = 0; start < paths.length; start += PARALLEL_PUTS) {
    await Promise.all(paths.slice(start, start + PARALLEL_PUTS).map((path) => put(relative(root, path).split(sep).join('/'), path)))
  }
  return paths.length
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!process.env.DATABASE_URL) throw new Error('The scale tests need PostgreSQL: run them with `npm run test:scale`, which makes a database for the run')
  await setupTemplate(project)
  const templatePaths = dataPaths(project.getProvidedContext().templateDataDir)

  const bucket = await startTestBucket(BUCKET)
  const storageOf = (folder: string) =>
    createS3FileStorage({
      bucket: BUCKET,
      prefix: `${PREFIX}/${folder}`,
      endpoint: bucket.endpoint,
      region: 'us-east-1',
      credentials: S3RVER_CREDENTIALS,
      contentDisposition: attachmentDisposition,
    })
  const files = storageOf('files')
  const media = storageOf('media')
  await copyTree(templatePaths.files, (key, path) => files.put(key, createReadStream(path)))
  await copyTree(templatePaths.media, (key, path) => media.put(key, createReadStream(path)))

  project.provide('scaleBucket', { endpoint: bucket.endpoint, bucket: BUCKET, prefix: PREFIX, ...S3RVER_CREDENTIALS })
  return () => bucket.close()
}
