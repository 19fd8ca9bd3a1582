/**
 * The route list's rules, which every reader relies on: one entry per id and per address; a
 * public page is rendered by the server (so its head has its title and the sitemap lists it) or
 * says why not; a private section is private as a whole; the catch-alls come last; an alias
 * and a redirect point at a page of the list.
 */
import { describe, expect, it } from 'vitest'
import { isFixedPath, sectionOf, STORE_ROUTES } from './routes.ts'

const hasFixedSection = (path: string) => sectionOf(path) !== '' && isFixedPath(sectionOf(path))

describe('the route list', () => {
  it('names each page and each address once', () => {
    const ids = STORE_ROUTES.map((route) => route.id)
    const paths = STORE_ROUTES.map((route) => route.path)
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([])
  })

  it('has the server render every public page, with a title and description where its address is fixed', () => {
    // A public page the server does not render is a developer's page or the not-found page; anything else would be missing from the sitemap.
    const publicButNotRendered = STORE_ROUTES.filter((route) => !route.noindex && !route.serverData && !route.devOnly && route.path !== '/*')
    expect(publicButNotRendered.map((route) => route.path)).toEqual([])
    const renderedWithoutHead = STORE_ROUTES.filter((route) => route.serverData && isFixedPath(route.path) && !route.head)
    expect(renderedWithoutHead.map((route) => route.path)).toEqual([])
  })

  it('keeps a private section private as a whole, since search engines are kept out of it by its first segment', () => {
    for (const route of STORE_ROUTES.filter((entry) => entry.noindex)) {
      expect(hasFixedSection(route.path), route.path).toBe(true)
      const publicNeighbours = STORE_ROUTES.filter((other) => sectionOf(other.path) === sectionOf(route.path) && !other.noindex)
      expect(
        publicNeighbours.map((other) => other.path),
        route.path,
      ).toEqual([])
    }
  })

  it('puts the catch-alls after every fixed address, since the server takes the first entry that matches', () => {
    const firstCatchAll = STORE_ROUTES.findIndex((route) => route.path !== '/' && !hasFixedSection(route.path))
    expect(STORE_ROUTES.slice(firstCatchAll).filter((route) => hasFixedSection(route.path) || route.path === '/')).toEqual([])
    expect(STORE_ROUTES.at(-1)?.path).toBe('/*')
  })

  it('points an alias and a redirect at a page of the list', () => {
    const pages = new Map(STORE_ROUTES.filter((route) => route.redirect === undefined).map((route) => [route.path, route]))
    for (const route of STORE_ROUTES) {
      if (route.redirect !== undefined) expect(pages.has(route.redirect), route.path).toBe(true)
      if (route.canonical !== undefined) expect(pages.get(route.canonical)?.head, route.path).toEqual(route.head)
    }
  })
})
