/** /about: the store's mission, values, team, contact details (the owner's support address and reply time), social links and careers. */
import type { ComponentType, SVGProps } from 'react'
import { Link } from 'react-router'
import { useStoreSettings } from '../../../api/get-store-settings.ts'
import { ShieldIcon, SlidersIcon, WaveIcon } from '../../../components/Icons.tsx'
import { SocialLinks } from '../../../components/SocialLinks.tsx'
import { PageTitle } from '../../../components/PageTitle.tsx'

export const CAREERS_ADDRESS = 'careers@audiolab.store'

const VALUES: Array<{ title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  {
    title: 'Quality First',
    text: 'Every loop is cut to the bar, labelled with tempo and key, and checked by ear on studio monitors and cheap earbuds before it ships. If a sound would not make it into our own tracks, it does not make it into a pack.',
    Icon: ShieldIcon,
  },
  {
    title: 'Community Driven',
    text: 'Our release list comes from your requests in Discord and the support inbox. Producers test packs before launch, and their notes decide what gets re-cut.',
    Icon: WaveIcon,
  },
  {
    title: 'Innovation',
    text: 'Previews you can hear in the browser, MIDI that drops onto any instrument, presets written as plain settings so they work with the plugins you already own. We build the tools we wanted as producers.',
    Icon: SlidersIcon,
  },
]

const TEAM = [
  { name: 'Maya Okafor', role: 'Founder & Sound Designer', bio: 'Ten years of sample libraries and indie-label mixes; she signs off every pack by ear.' },
  { name: 'Leo Brandt', role: 'Head of Engineering', bio: 'Builds the store and the tools behind it; believes a download should take two clicks, not ten.' },
  { name: 'Sofia Reyes', role: 'Community & Support Lead', bio: 'Answers your emails, runs the Discord and turns your feedback into the next release.' },
]

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('')

export default function AboutPage() {
  const settings = useStoreSettings()
  return (
    <>
      <PageTitle>About</PageTitle>
      <section className="relative isolate overflow-hidden border-b border-zinc-900">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-40 left-1/2 -z-10 h-[26rem] w-[50rem] -translate-x-1/2 rounded-full bg-brand-700/20 blur-3xl"
        />
        <div className="container-page py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-widest text-brand-300 uppercase">About us</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">Made by producers, for producers</h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-zinc-300">
            Audio Lab Store exists to get you from an idea to a finished track faster. We make sample packs, MIDI, instruments, processors and tools that sound
            finished out of the box, come with a licence you never have to think about, and work in whatever DAW you already use.
          </p>
        </div>
      </section>

      <div className="container-page flex flex-col gap-16 py-14">
        <section aria-labelledby="mission-heading" className="grid gap-6 lg:grid-cols-[1fr_2fr]">
          <h2 id="mission-heading" className="text-2xl font-bold tracking-tight text-white">
            Our mission
          </h2>
          <div className="flex flex-col gap-4 text-zinc-300">
            <p>
              Great records are made in bedrooms, basements and tour buses as often as in big studios. We want every producer to have sounds that hold up next
              to a major release, without hidden clearance fees, confusing licences or copy-protection that gets in the way.
            </p>
            <p>
              So we keep things simple: fair prices, royalty-free use in your own productions, instant downloads in standard formats, and real people answering
              support{settings ? ` within ${settings.supportReplyTime}` : ''}.
            </p>
          </div>
        </section>

        <section aria-labelledby="values-heading">
          <h2 id="values-heading" className="mb-6 text-2xl font-bold tracking-tight text-white">
            What we value
          </h2>
          <ul className="grid gap-5 md:grid-cols-3">
            {VALUES.map(({ title, text, Icon }) => (
              <li key={title} className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-950 text-brand-300 ring-1 ring-brand-800">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-white">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-zinc-400">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="team-heading">
          <h2 id="team-heading" className="mb-6 text-2xl font-bold tracking-tight text-white">
            The team
          </h2>
          <ul className="grid gap-5 md:grid-cols-3">
            {TEAM.map((member) => (
              <li key={member.name} className="flex items-start gap-4 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6">
                <span
                  aria-hidden="true"
                  className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-800 text-lg font-bold text-white"
                >
                  {initials(member.name)}
                </span>
                <div>
                  <h3 className="font-semibold text-white">{member.name}</h3>
                  <p className="text-sm font-medium text-brand-300">{member.role}</p>
                  <p className="mt-2 text-sm leading-relaxed text-zinc-400">{member.bio}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-5 md:grid-cols-2">
          <section aria-labelledby="contact-heading" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 sm:p-8">
            <h2 id="contact-heading" className="text-xl font-bold tracking-tight text-white">
              Get in touch
            </h2>
            <dl className="mt-4 grid gap-3 text-sm">
              {settings && (
                <>
                  <div>
                    <dt className="text-zinc-400">Support email</dt>
                    <dd>
                      <a href={`mailto:${settings.supportEmail}`} className="font-medium break-all text-brand-300 hover:text-brand-200">
                        {settings.supportEmail}
                      </a>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-zinc-400">Response time</dt>
                    <dd className="font-medium text-zinc-100">Within {settings.supportReplyTime}</dd>
                  </div>
                </>
              )}
              <div>
                <dt className="text-zinc-400">Help center</dt>
                <dd>
                  <Link to="/support" className="font-medium text-brand-300 hover:text-brand-200">
                    FAQ and contact form
                  </Link>
                </dd>
              </div>
            </dl>
            {settings && settings.socialLinks.length > 0 && (
              <>
                <h3 className="mt-6 text-sm font-semibold tracking-wide text-zinc-200">Follow us</h3>
                <SocialLinks className="mt-3" />
              </>
            )}
          </section>

          <section aria-labelledby="careers-heading" className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 sm:p-8">
            <h2 id="careers-heading" className="text-xl font-bold tracking-tight text-white">
              Work with us
            </h2>
            <p className="mt-3 text-sm leading-relaxed text-zinc-400">
              We're a small remote team and we're always glad to hear from sound designers, producers and engineers who care about the details. Send a few words
              about yourself and links to your work.
            </p>
            <a href={`mailto:${CAREERS_ADDRESS}?subject=${encodeURIComponent('Careers at Audio Lab Store')}`} className="btn btn-primary mt-5">
              Email {CAREERS_ADDRESS}
            </a>
          </section>
        </div>
      </div>
    </>
  )
}
