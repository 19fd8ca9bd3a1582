/**
 * The store's social profiles as the owner listed them (the store settings), as external icon
 * links: YouTube, Instagram, TikTok and X by their own icons, any other address by a link icon.
 * No links set, or the settings not known yet: nothing.
 */
import type { ComponentType, SVGProps } from 'react'
import type { SocialLink } from '../../shared/contract/store-settings.ts'
import { useStoreSettings } from '../api/get-store-settings.ts'
import { InstagramIcon, LinkIcon, TikTokIcon, XIcon, YouTubeIcon } from './Icons.tsx'

const ICONS_BY_HOST: ReadonlyArray<[RegExp, ComponentType<SVGProps<SVGSVGElement>>]> = [
  [/(^|\.)(youtube\.com|youtu\.be)$/, YouTubeIcon],
  [/(^|\.)instagram\.com$/, InstagramIcon],
  [/(^|\.)tiktok\.com$/, TikTokIcon],
  [/(^|\.)(x\.com|twitter\.com)$/, XIcon],
]

function iconOf(link: SocialLink): ComponentType<SVGProps<SVGSVGElement>> {
  let host = ''
  try {
    host = new URL(link.url).hostname.toLowerCase()
  } catch {
    // The server accepts only full https addresses; anything else still gets the plain link icon.
  }
  return ICONS_BY_HOST.find(([pattern]) => pattern.test(host))?.[1] ?? LinkIcon
}

export function SocialLinks({ className = '' }: { className?: string }) {
  const settings = useStoreSettings()
  if (!settings || settings.socialLinks.length === 0) return null
  return (
    <ul className={`flex flex-wrap items-center gap-2 ${className}`}>
      {settings.socialLinks.map((link) => {
        const Icon = iconOf(link)
        return (
          <li key={`${link.label}:${link.url}`}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${settings.storeName} on ${link.label} (opens in a new tab)`}
              title={link.label}
              className="inline-flex size-10 items-center justify-center rounded-full border border-zinc-800 bg-zinc-900 text-zinc-300 transition-colors hover:border-brand-500 hover:text-white"
            >
              <Icon className="size-5" />
            </a>
          </li>
        )
      })}
    </ul>
  )
}
