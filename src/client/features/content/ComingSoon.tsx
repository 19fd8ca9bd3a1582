/** The pre-launch landing: brand, headline, three feature tiles, the notify-me form and social links. */
import type { ComponentType, SVGProps } from 'react'
import { Link } from 'react-router'
import { useStoreSettings } from '../../api/get-store-settings.ts'
import { BrandMark, DownloadIcon, ShieldIcon, WaveIcon } from '../../components/Icons.tsx'
import { SocialLinks } from '../../components/SocialLinks.tsx'
import { NotifyMeForm } from './NotifyMeForm.tsx'

const FEATURES: Array<{ title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { title: 'Curated Sounds', text: 'Sample packs, MIDI, instruments and processors, hand-picked and mixed ready for your next track.', Icon: WaveIcon },
  { title: 'Instant Downloads', text: 'Pay once and download straight away, in formats that drop into every major DAW.', Icon: DownloadIcon },
  { title: 'Producer-Friendly Licensing', text: 'Royalty-free for releases, streams and sync. No clearance, no surprises.', Icon: ShieldIcon },
]

export function ComingSoon() {
  const settings = useStoreSettings()
  return (
    <div className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[28rem] max-w-3xl rounded-full bg-brand-700/25 blur-3xl"
      />
      <section className="container-page flex flex-col items-center py-16 text-center sm:py-24">
        <div className="flex items-center gap-3">
          <BrandMark className="size-12" />
          <span className="text-xl font-bold tracking-tight text-white">{settings?.storeName}</span>
        </div>
        <p className="mt-8 rounded-full border border-brand-800 bg-brand-950/50 px-3 py-1 text-xs font-semibold tracking-widest text-brand-200 uppercase">
          Coming soon
        </p>
        <h1 className="mt-5 max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-white sm:text-6xl">The sound lab for modern producers</h1>
        <p className="mt-5 max-w-xl text-lg text-pretty text-zinc-300">
          We're putting the finishing touches on a store full of samples, MIDI and tools. Leave your email and be first in when the doors open.
        </p>
        <div className="mt-8 w-full max-w-md">
          <NotifyMeForm />
        </div>
        <Link to="/products" className="mt-6 rounded-sm text-sm font-medium text-brand-300 hover:text-brand-200">
          Browse the catalog →
        </Link>
      </section>

      <section aria-label="What to expect" className="container-page">
        <ul className="grid gap-5 md:grid-cols-3">
          {FEATURES.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-950 text-brand-300 ring-1 ring-brand-800">
                <Icon className="size-6" />
              </span>
              <h2 className="mt-4 text-lg font-semibold text-white">{title}</h2>
              <p className="mt-2 text-sm leading-relaxed text-zinc-400">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      {settings && settings.socialLinks.length > 0 && (
        <section className="container-page mt-14 flex flex-col items-center gap-4 text-center">
          <h2 className="text-sm font-semibold tracking-wide text-zinc-300">Follow the build</h2>
          <SocialLinks />
        </section>
      )}
    </div>
  )
}
