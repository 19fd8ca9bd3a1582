/**
 * /support: the FAQ, quick links to docs, blog and account pages, and the contact form, with the
 * owner's reply time and support address (store settings).
 */
import type { ComponentType, SVGProps } from 'react'
import { Link } from 'react-router'
import { useStoreSettings } from '../../../api/get-store-settings.ts'
import { DownloadIcon, ShieldIcon, SlidersIcon, WaveIcon } from '../../../components/Icons.tsx'
import { PageTitle } from '../../../components/PageTitle.tsx'
import { useSession } from '../../../session/use-session.ts'
import { FaqAccordion } from '../FaqAccordion.tsx'
import { FAQ_GROUPS } from '../support-faq.ts'
import { SupportContactForm } from '../SupportContactForm.tsx'

const QUICK_LINKS: Array<{ to: string; title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { to: '/learn#docs', title: 'Documentation', text: 'Formats, DAW setup, licensing and downloads.', Icon: SlidersIcon },
  { to: '/learn#blog', title: 'Tutorials', text: 'Production tips for the sounds you buy.', Icon: WaveIcon },
  { to: '/profile', title: 'Your Account', text: 'Your name, password and sign-in settings.', Icon: ShieldIcon },
  { to: '/order-history', title: 'Order History', text: 'Past orders, receipts and their status.', Icon: DownloadIcon },
]

export default function SupportPage() {
  const { user } = useSession()
  const settings = useStoreSettings()
  return (
    <>
      <PageTitle>Support</PageTitle>
      <section className="border-b border-zinc-900">
        <div className="container-page py-14 sm:py-20">
          <p className="text-sm font-semibold tracking-widest text-brand-300 uppercase">Support Center</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-white sm:text-5xl">How can we help?</h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-zinc-300">
            Answers to the questions producers ask most, guides for every format we sell, and a real person on the other end of the contact form.
            {settings && ` We reply within ${settings.supportReplyTime}.`}
          </p>
          <p className="mt-3 text-zinc-400">
            Bought as a guest and lost your receipt?{' '}
            <Link to="/orders/find" className="font-semibold text-brand-300 hover:text-brand-200">
              Find my order
            </Link>{' '}
            emails you a link to your downloads.
          </p>
        </div>
      </section>

      <div className="container-page flex flex-col gap-16 py-12">
        <nav aria-label="Quick links">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {QUICK_LINKS.map(({ to, title, text, Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex h-full items-start gap-4 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-5 transition-colors hover:border-brand-500"
                >
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-950 text-brand-300 ring-1 ring-brand-800">
                    <Icon className="size-5" />
                  </span>
                  <span>
                    <span className="block font-semibold text-white">{title}</span>
                    <span className="mt-1 block text-sm text-zinc-400">{text}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="grid gap-12 lg:grid-cols-[3fr_2fr]">
          <section aria-labelledby="faq-heading">
            <h2 id="faq-heading" className="mb-6 text-2xl font-bold tracking-tight text-white">
              Frequently Asked Questions
            </h2>
            <FaqAccordion groups={FAQ_GROUPS} />
          </section>

          <section aria-labelledby="contact-heading" className="lg:sticky lg:top-24 lg:self-start">
            <div className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 sm:p-8">
              <h2 id="contact-heading" className="text-2xl font-bold tracking-tight text-white">
                Contact Support
              </h2>
              <p className="mt-2 mb-6 text-sm text-zinc-400">
                Didn't find your answer? Send us a message and we'll get back to you by email
                {settings ? ` within ${settings.supportReplyTime}.` : '.'}
                {settings && (
                  <>
                    {' '}
                    Or write to{' '}
                    <a href={`mailto:${settings.supportEmail}`} className="font-medium break-all text-brand-300 hover:text-brand-200">
                      {settings.supportEmail}
                    </a>
                    .
                  </>
                )}
              </p>
              <SupportContactForm
                key={user?.id ?? 'guest'}
                initialValues={user ? { name: user.name, email: user.email } : undefined}
                replyTime={settings?.supportReplyTime}
              />
            </div>
          </section>
        </div>
      </div>
    </>
  )
}
