/**
 * The site footer: the store's name, links to support, learn and about, the Follow Us row of the
 * owner's social links (hidden when there are none) and the copyright line.
 */
import { Link } from 'react-router'
import { useStoreSettings } from '../api/get-store-settings.ts'
import { BrandMark } from '../components/Icons.tsx'
import { SocialLinks } from '../components/SocialLinks.tsx'

const FOOTER_LINKS = [
  { to: '/support', label: 'Support' },
  { to: '/learn', label: 'Learn' },
  { to: '/about', label: 'About' },
]

export function Footer() {
  const settings = useStoreSettings()
  const storeName = settings?.storeName ?? ''
  return (
    <footer className="mt-16 border-t border-zinc-800 bg-zinc-950">
      <div className="container-page flex flex-col gap-8 py-10 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <Link to="/" className="inline-flex items-center gap-2 rounded-md font-bold text-white">
            <BrandMark className="size-7" />
            {storeName}
          </Link>
          <p className="mt-3 text-sm leading-relaxed text-zinc-400">Sample packs, MIDI, instruments and tools for producers. Royalty-free, instant download.</p>
        </div>
        <nav aria-labelledby="footer-help-heading">
          <h2 id="footer-help-heading" className="text-sm font-semibold tracking-wide text-zinc-200">
            Help & Info
          </h2>
          <ul className="mt-3 flex gap-5 text-sm md:flex-col md:gap-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded-sm text-zinc-400 transition-colors hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {settings && settings.socialLinks.length > 0 && (
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-zinc-200">Follow Us</h2>
            <SocialLinks className="mt-3" />
          </div>
        )}
      </div>
      <div className="border-t border-zinc-900">
        <p className="container-page py-5 text-sm text-zinc-400">
          © {new Date().getFullYear()} {storeName}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
