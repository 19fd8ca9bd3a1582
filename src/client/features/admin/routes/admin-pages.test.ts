/**
 * The console's router knows every console page: each page file of a console domain
 * (`features/admin/<domain>/routes/<Name>Page.tsx`) is the page of an entry in the console's list
 * (shell/admin-routes.ts), each entry shows a component, and no two entries share an address.
 */
import { describe, expect, it } from 'vitest'
import { ADMIN_ROOT, ADMIN_ROUTES } from '../shell/admin-routes.ts'
import { ADMIN_PAGES } from './admin-pages.ts'

const PAGE_FILES = import.meta.glob<{ default: unknown }>('../*/routes/*Page.tsx')

describe('the page of each console route', () => {
  it('is routed for every page file of the console domains', async () => {
    expect(Object.keys(PAGE_FILES).length).toBeGreaterThan(10)
    const routed = new Set<unknown>(Object.values(ADMIN_PAGES))
    const unrouted: string[] = []
    for (const [file, load] of Object.entries(PAGE_FILES)) if (!routed.has((await load()).default)) unrouted.push(file)
    expect(unrouted).toEqual([])
  })

  it('is a component for every entry of the list, each at its own address under the console', () => {
    for (const route of ADMIN_ROUTES) {
      expect(typeof ADMIN_PAGES[route.id], route.id).toBe('function')
      expect(route.path === ADMIN_ROOT || route.path.startsWith(`${ADMIN_ROOT}/`), route.path).toBe(true)
    }
    expect(new Set(ADMIN_ROUTES.map((route) => route.path)).size).toBe(ADMIN_ROUTES.length)
  })
})
