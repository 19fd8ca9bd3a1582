// An S3-compatible server (s3rver) in a process of its own, for benchmarks that must measure the
// store's memory apart from the bucket's: node scripts/bench/s3rver-process.mjs <directory> <bucket>
// prints one line `{"port":N}` when it listens, and stops on SIGTERM. Credentials: S3RVER/S3RVER.
import S3rver from 's3rver'

const [directory, bucket] = process.argv.slice(2)
if (!directory || !bucket) {
  console.error('usage: s3rver-process.mjs <directory> <bucket>')
  process.exit(2)
}
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
const { port } = await server.run()
console.log(JSON.stringify({ port }))
process.on('SIGTERM', () => server.close().then(() => process.exit(0)))
