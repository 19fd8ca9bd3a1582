/** The not-found page for unknown paths in live mode. */
import { NotFound } from './NotFound.tsx'

export default function NotFoundPage() {
  return (
    <>
      <title>Page Not Found | Audio Lab Store</title>
      <NotFound />
    </>
  )
}
