/** /learn: tabs "Blog & Tutorials" (#blog, the default) and "Documentation" (#docs), chosen by the URL hash. */
import { useRef, type KeyboardEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { DocsBrowser } from '../DocsBrowser.tsx'
import { DOC_GROUPS } from '../learn-docs.ts'
import { LEARN_POSTS } from '../learn-posts.ts'
import { LearnPostCard } from '../LearnPostCard.tsx'
import { NotifyMeForm } from '../NotifyMeForm.tsx'
import { PageTitle } from '../../../components/PageTitle.tsx'

export const DISCORD_URL = 'https://discord.gg/audiolabstore'

const TABS = [
  { key: 'blog', label: 'Blog & Tutorials' },
  { key: 'docs', label: 'Documentation' },
] as const
type TabKey = (typeof TABS)[number]['key']

export default function LearnPage() {
  const { hash } = useLocation()
  const navigate = useNavigate()
  const active: TabKey = hash === '#docs' ? 'docs' : 'blog'
  const tabRefs = useRef<Partial<Record<TabKey, HTMLButtonElement | null>>>({})

  const select = (key: TabKey) => navigate({ hash: `#${key}` }, { replace: true })

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    const index = TABS.findIndex((tab) => tab.key === active)
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!.key
    select(next)
    tabRefs.current[next]?.focus()
  }

  return (
    <>
      <PageTitle>Learn</PageTitle>
      <section className="border-b border-zinc-900">
        <div className="container-page py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-widest text-brand-300 uppercase">Learn</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-white sm:text-5xl">Make more of every sound</h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-zinc-300">
            Production tutorials from the people who make our packs, and short guides to formats, DAW setup, licensing and downloads.
          </p>
          <div role="tablist" aria-label="Learn sections" className="mt-10 inline-flex rounded-xl border border-zinc-800 bg-zinc-900 p-1">
            {TABS.map((tab) => {
              const selected = tab.key === active
              return (
                <button
                  key={tab.key}
                  ref={(element) => {
                    tabRefs.current[tab.key] = element
                  }}
                  type="button"
                  role="tab"
                  id={`learn-tab-${tab.key}`}
                  aria-selected={selected}
                  aria-controls={`learn-panel-${tab.key}`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => select(tab.key)}
                  onKeyDown={onTabKeyDown}
                  className={`cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold transition-colors ${
                    selected ? 'bg-brand-600 text-white' : 'text-zinc-300 hover:text-white'
                  }`}
                >
                  {tab.label}
                </button>
              )
            })}
          </div>
        </div>
      </section>

      <div className="container-page py-12">
        {active === 'blog' ? (
          <div role="tabpanel" id="learn-panel-blog" aria-labelledby="learn-tab-blog" className="flex flex-col gap-10">
            <BlogPanel />
          </div>
        ) : (
          <div role="tabpanel" id="learn-panel-docs" aria-labelledby="learn-tab-docs" className="flex flex-col gap-10">
            <DocsBrowser groups={DOC_GROUPS} />
            <HelpLinks />
          </div>
        )}
      </div>
    </>
  )
}

function BlogPanel() {
  const [featured, ...rest] = LEARN_POSTS
  return (
    <>
      {featured && <LearnPostCard post={featured} featured />}
      <div className="grid gap-6 md:grid-cols-2">
        {rest.map((post) => (
          <LearnPostCard key={post.slug} post={post} />
        ))}
      </div>
      <section aria-labelledby="stay-updated-heading" className="rounded-2xl border border-zinc-800 bg-gradient-to-br from-brand-950/70 to-zinc-900 p-6 sm:p-8">
        <div className="grid items-center gap-6 lg:grid-cols-2">
          <div>
            <h2 id="stay-updated-heading" className="text-2xl font-bold tracking-tight text-white">
              Stay Updated
            </h2>
            <p className="mt-2 text-zinc-300">New tutorials, free sounds and release news, about twice a month. No spam; unsubscribe from any email.</p>
          </div>
          <NotifyMeForm subscriptionType="newsletter" source="learn_page" submitLabel="Subscribe" inputId="newsletter-email" />
        </div>
      </section>
    </>
  )
}

function HelpLinks() {
  return (
    <section aria-labelledby="more-help-heading" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 sm:p-8">
      <h2 id="more-help-heading" className="text-xl font-bold tracking-tight text-white">
        Need more help?
      </h2>
      <p className="mt-2 text-zinc-400">Ask other producers in our Discord, or write to the support team.</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <a href={DISCORD_URL} target="_blank" rel="noopener noreferrer" className="btn btn-secondary">
          Join our Discord
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Link to="/support" className="btn btn-primary">
          Contact Support
        </Link>
      </div>
    </section>
  )
}
