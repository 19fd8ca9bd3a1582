/**
 * The cart's trust notes under Proceed to Checkout (secure checkout, the guarantee, instant
 * download), as the owner wrote them in the store settings: a note left empty is not shown, and
 * nothing shows before the settings are known.
 */
import type { ComponentType, SVGProps } from 'react'
import type { PublicStoreSettings } from '../../../shared/contract/store-settings.ts'
import { useStoreSettings } from '../../api/get-store-settings.ts'
import { DownloadIcon, LockIcon, RefundIcon } from '../../components/Icons.tsx'

const NOTES: ReadonlyArray<
  [keyof Pick<PublicStoreSettings, 'secureCheckoutNote' | 'guaranteeNote' | 'instantDownloadNote'>, ComponentType<SVGProps<SVGSVGElement>>]
> = [
  ['secureCheckoutNote', LockIcon],
  ['guaranteeNote', RefundIcon],
  ['instantDownloadNote', DownloadIcon],
]

export function CartTrustNotes() {
  const settings = useStoreSettings()
  const notes = settings ? NOTES.filter(([key]) => settings[key]) : []
  if (!settings || notes.length === 0) return null
  return (
    <ul aria-label="Why shop with us" className="flex flex-col gap-2.5 border-t border-zinc-800 pt-5 text-sm text-zinc-400">
      {notes.map(([key, Icon]) => (
        <li key={key} className="flex items-center gap-2.5 break-words">
          <Icon className="size-4 shrink-0 text-emerald-300" />
          <span className="min-w-0">{settings[key]}</span>
        </li>
      ))}
    </ul>
  )
}
