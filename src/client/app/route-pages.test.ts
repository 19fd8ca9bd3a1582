/**
 * The router knows every page: each page file of a feature (`features/<feature>/routes/<Name>Page.tsx`) is the
 * page of an entry in the route list (or the coming-soon page), or is composed with other features'
 * parts by the app's page of the same name (`app/routes/<Name>Page.tsx`), itself the page of an
 * entry; and each entry that is not a redirect loads a module whose default export is a
 * component. The owner console's pages are routed by the console's own app
 * (features/admin/routes/AdminApp.tsx), itself an entry, from the console's own list, which
 * features/admin/routes/admin-pages.test.ts checks the same way.
 */
import { describe, expect, it } from 'vitest'
import { STORE_ROUTES } from '../../shared/routes.ts'
import { COMING_SOON_PAGE, ROUTE_PAGES } from './route-pages.ts'

const PAGE_FILES = import.meta.glob<{ default: unknown }>('../features/*/routes/*Page.tsx')
const COMPOSED_PAGE_FILES = import.meta.glob<{ default: unknown }>('./routes/*Page.tsx')
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

describe('the page of each route', () => {
  it('is loaded for every page file of the features and of the app', async () => {
    expect(Object.keys(PAGE_FILES).length).toBeGreaterThan(20)
    const routed = new Set<unknown>(await Promise.all([...Object.values(ROUTE_PAGES), COMING_SOON_PAGE].map(async (load) => (await load()).default)))
    const composed = new Set(Object.keys(COMPOSED_PAGE_FILES).map(fileName))
    const unrouted: string[] = []
    for (const [file, load] of Object.entries(PAGE_FILES)) if (!routed.has((await load()).default) && !composed.has(fileName(file))) unrouted.push(file)
    for (const [file, load] of Object.entries(COMPOSED_PAGE_FILES)) if (!routed.has((await load()).default)) unrouted.push(file)
    expect(unrouted).toEqual([])
  })

  it('is a component for every entry of the list that is not a redirect', async () => {
    for (const route of STORE_ROUTES) {
      if (route.redirect !== undefined) continue
      expect(typeof (await ROUTE_PAGES[route.id]()).default, route.id).toBe('function')
    }
  })
})
