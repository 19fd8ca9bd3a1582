/** The store's four social profiles (video, photo, short-video, microblog) as external icon links. */
import type { ComponentType, SVGProps } from 'react'
import { InstagramIcon, TikTokIcon, XIcon, YouTubeIcon } from './Icons.tsx'

interface SocialLink {
  network: string
  href: string
  Icon: ComponentType<SVGProps<SVGSVGElement>>
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'YouTube', href: 'https://www.youtube.com/@audiolabstore', Icon: YouTubeIcon },
  { network: 'Instagram', href: 'https://www.instagram.com/audiolabstore', Icon: InstagramIcon },
  { network: 'TikTok', href: 'https://www.tiktok.com/@audiolabstore', Icon: TikTokIcon },
  { network: 'X (Twitter)', href: 'https://x.com/audiolabstore', Icon: XIcon },
]

export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <ul className={`flex items-center gap-2 ${className}`}>
      {SOCIAL_LINKS.map(({ network, href, Icon }) => (
        <li key={network}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Audio Lab Store on ${network} (opens in a new tab)`}
            className="inline-flex size-10 items-center justify-center rounded-full border border-zinc-800 bg-zinc-900 text-zinc-300 transition-colors hover:border-brand-500 hover:text-white"
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  )
}
