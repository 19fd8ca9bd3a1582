/**
 * The settings form's social links: one row per link (its label and its https address, with
 * Remove), in the order the footer shows them, and Add link up to the store's limit. Each row's
 * errors show under it; an error about the list as a whole (from the server) under the list.
 */
import { useId } from 'react'
import { STORE_SETTINGS_LIMITS, type SocialLink } from '../../../../shared/contract/store-settings.ts'
import { INPUT_CLASS } from '../../../components/TextField.tsx'
import type { FieldErrors } from '../shell/use-settings-form.tsx'

interface SocialLinksFieldsProps {
  links: SocialLink[]
  errors: FieldErrors
  onChange: (links: SocialLink[]) => void
}

export function SocialLinksFields({ links, errors, onChange }: SocialLinksFieldsProps) {
  const id = useId()
  const update = (index: number, change: Partial<SocialLink>) => onChange(links.map((link, at) => (at === index ? { ...link, ...change } : link)))

  return (
    <div className="flex flex-col gap-3">
      {links.length === 0 && <p className="text-sm text-zinc-400">No social links: the footer shows no Follow Us row.</p>}
      <ol className="flex flex-col gap-3">
        {links.map((link, index) => {
          const rowErrors = [errors[`socialLinks.${index}.label`], errors[`socialLinks.${index}.url`], errors[`socialLinks.${index}`]].filter(Boolean)
          const errorId = `${id}-${index}-error`
          return (
            <li key={index} className="grid gap-2 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
              <div>
                <label htmlFor={`${id}-${index}-label`} className="mb-1.5 block text-sm font-medium text-zinc-200">
                  Label
                  <span className="sr-only"> of link {index + 1}</span>
                </label>
                <input
                  id={`${id}-${index}-label`}
                  value={link.label}
                  placeholder="YouTube"
                  onChange={(event) => update(index, { label: event.target.value })}
                  aria-invalid={errors[`socialLinks.${index}.label`] ? true : undefined}
                  aria-describedby={rowErrors.length > 0 ? errorId : undefined}
                  className={INPUT_CLASS}
                />
              </div>
              <div>
                <label htmlFor={`${id}-${index}-url`} className="mb-1.5 block text-sm font-medium text-zinc-200">
                  Address
                  <span className="sr-only"> of link {index + 1}</span>
                </label>
                <input
                  id={`${id}-${index}-url`}
                  type="url"
                  inputMode="url"
                  value={link.url}
                  placeholder="https://"
                  onChange={(event) => update(index, { url: event.target.value })}
                  aria-invalid={errors[`socialLinks.${index}.url`] ? true : undefined}
                  aria-describedby={rowErrors.length > 0 ? errorId : undefined}
                  className={INPUT_CLASS}
                />
              </div>
              <button
                type="button"
                className="btn btn-secondary px-3 py-2.5 text-sm"
                aria-label={`Remove ${link.label || `link ${index + 1}`}`}
                onClick={() => onChange(links.filter((_, at) => at !== index))}
              >
                Remove
              </button>
              {rowErrors.length > 0 && (
                <p id={errorId} className="text-xs text-red-300 sm:col-span-3">
                  {rowErrors.join(' ')}
                </p>
              )}
            </li>
          )
        })}
      </ol>
      {errors.socialLinks && <p className="text-xs text-red-300">{errors.socialLinks}</p>}
      {links.length < STORE_SETTINGS_LIMITS.socialLinks && (
        <div>
          <button type="button" className="btn btn-secondary px-3 py-1.5 text-sm" onClick={() => onChange([...links, { label: '', url: '' }])}>
            Add link
          </button>
        </div>
      )}
    </div>
  )
}
