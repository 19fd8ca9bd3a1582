/** The not-found page for unknown paths in live mode. */
import { NotFound } from './NotFound.tsx'
import { PageTitle } from './PageTitle.tsx'

export default function NotFoundPage() {
  return (
    <>
      <PageTitle>Page Not Found</PageTitle>
      <NotFound />
    </>
  )
}
