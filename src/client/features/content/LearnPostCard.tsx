/** One blog post on the learn page: meta, title and excerpt, and the full article on demand. */
import { useId, useState } from 'react'
import type { LearnPost } from './learn-posts.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

export function LearnPostCard({ post, featured = false }: { post: LearnPost; featured?: boolean }) {
  const [open, setOpen] = useState(false)
  const bodyId = useId()
  const Heading = featured ? 'h2' : 'h3'
  return (
    <article className={`flex flex-col rounded-2xl border bg-zinc-900/60 p-6 ${featured ? 'border-brand-800 sm:p-8' : 'border-zinc-800'}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-400">
        {featured && <span className="rounded-full bg-brand-600 px-2.5 py-0.5 font-semibold text-white">Featured</span>}
        <span className="font-semibold tracking-wide text-brand-300 uppercase">{post.category}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={post.publishedOn}>{dateFormat.format(new Date(post.publishedOn))}</time>
        <span aria-hidden="true">·</span>
        <span>{post.readMinutes} min read</span>
      </div>
      <Heading className={`mt-3 font-bold tracking-tight text-balance text-white ${featured ? 'text-2xl sm:text-3xl' : 'text-lg'}`}>{post.title}</Heading>
      <p className={`mt-3 max-w-3xl leading-relaxed text-zinc-300 ${featured ? 'text-base sm:text-lg' : 'text-sm'}`}>{post.excerpt}</p>
      <div id={bodyId} hidden={!open} className="mt-4 max-w-3xl border-t border-zinc-800 pt-4">
        {post.body.map((paragraph) => (
          <p key={paragraph.slice(0, 24)} className="mt-4 leading-relaxed text-zinc-300 first:mt-0">
            {paragraph}
          </p>
        ))}
      </div>
      <div className="mt-auto pt-5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="cursor-pointer rounded-sm text-sm font-semibold text-brand-300 hover:text-brand-200"
        >
          {open ? 'Show less' : 'Read article'}
          <span className="sr-only">: {post.title}</span>
        </button>
      </div>
    </article>
  )
}
