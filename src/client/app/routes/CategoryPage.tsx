/** A category page (/:categorySlug): the catalog's page, with the content feature's coming-soon landing for an unknown slug before the store opens. */
import CategoryPage from '../../features/catalog/routes/CategoryPage.tsx'
import { ComingSoon } from '../../features/content/public.ts'

export default function CategoryRoute() {
  return <CategoryPage comingSoon={<ComingSoon />} />
}
