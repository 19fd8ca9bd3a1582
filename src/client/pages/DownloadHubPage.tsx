/** /download-hub (signed-in only): purchased files to download. A placeholder until the downloads issue lands. */
import { Link } from 'react-router'

export default function DownloadHubPage() {
  return (
    <>
      <title>Download Hub | Audio Lab Store</title>
      <section className="container-page max-w-3xl py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-white">Download Hub</h1>
        <div className="mt-8 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-8 text-center">
          <p className="text-zinc-300">No purchases yet.</p>
          <Link to="/products" className="btn btn-primary mt-6">
            Browse Products
          </Link>
        </div>
      </section>
    </>
  )
}
