/**
 * The header's search box: an ARIA 1.2 combobox that suggests products, categories and tags from
 * SUGGESTION_MIN_CHARS characters, grouped under their headings. The arrow keys move through the
 * options (wrapping) while focus stays in the box; Enter opens the highlighted one, or searches
 * the catalog for the text when none is; Escape closes the list, then clears the text. On
 * /products?q=… the box shows that search. It renders the same on the server and in the browser:
 * nothing is asked before the shopper types.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { SUGGESTION_MIN_CHARS } from '../../../shared/contract/catalog-filters.ts'
import { PLACEHOLDER_IMAGE } from '../../../shared/product-view.ts'
import { ProductImage } from '../../components/ProductImage.tsx'
import { SearchIcon } from './SearchIcon.tsx'
import { searchHref, SUGGESTION_GROUPS, useSearchSuggestions, type SuggestionOption } from './use-search-suggestions.ts'

interface SearchBoxProps {
  /** The input, for a caller that focuses it (the phone layout's search button). */
  inputRef?: Ref<HTMLInputElement>
  /** Called after the box sends the shopper somewhere. */
  onNavigate?: () => void
  /** Called on Escape in an empty, closed box (the phone layout hides its search row). */
  onDismiss?: () => void
  className?: string
}

/** The search the address shows: `q` on the product listing, nothing elsewhere. */
function searchTextOf(pathname: string, search: string): string {
  return pathname === '/products' ? (new URLSearchParams(search).get('q') ?? '') : ''
}

export function SearchBox({ inputRef, onNavigate, onDismiss, className = '' }: SearchBoxProps) {
  const id = useId()
  const listboxId = `${id}-listbox`
  const optionId = (index: number) => `${id}-option-${index}`
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const address = `${pathname}${search}`
  const [text, setText] = useState(() => searchTextOf(pathname, search))
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  /** Whether the shopper has typed since the address changed: the search an address shows is not a question. */
  const [edited, setEdited] = useState(false)
  const listbox = useRef<HTMLDivElement>(null)

  // A new address shows its own search (or none) and closes the list.
  const [shownAddress, setShownAddress] = useState(address)
  if (shownAddress !== address) {
    setShownAddress(address)
    setText(searchTextOf(pathname, search))
    setOpen(false)
    setActive(-1)
    setEdited(false)
  }

  const { options, settled } = useSearchSuggestions(edited ? text : '')
  const expanded = open && options.length > 0
  const activeIndex = expanded && active < options.length ? active : -1
  const noMatches = edited && open && settled && options.length === 0 && text.trim().length >= SUGGESTION_MIN_CHARS

  // Keep the highlighted option in view when the keyboard moves past the list's edge.
  useEffect(() => {
    if (activeIndex < 0) return
    listbox.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [activeIndex])

  function close() {
    setOpen(false)
    setActive(-1)
  }

  function go(href: string) {
    close()
    navigate(href)
    onNavigate?.()
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return
        event.preventDefault()
        const down = event.key === 'ArrowDown'
        setOpen(true)
        if (activeIndex < 0) setActive(down ? 0 : count - 1)
        else setActive((activeIndex + (down ? 1 : count - 1)) % count)
        return
      }
      case 'Enter':
        if (activeIndex >= 0) {
          event.preventDefault()
          go(options[activeIndex]!.href)
        }
        // Otherwise the form submits: a search for the text.
        return
      case 'Escape':
        if (expanded || noMatches) {
          event.preventDefault()
          close()
        } else if (text) {
          event.preventDefault()
          setText('')
        } else onDismiss?.()
        return
      case 'Tab':
        close()
        return
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (text.trim()) go(searchHref(text))
  }

  return (
    <form role="search" onSubmit={onSubmit} className={`relative ${className}`}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" />
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        aria-label="Search sounds"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="Search sounds"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setEdited(true)
          setOpen(true)
          setActive(-1)
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={close}
        className="h-10 w-full rounded-lg border border-zinc-700/80 bg-zinc-900/80 pr-3 pl-9 text-sm text-white placeholder:text-zinc-500 focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
      />
      <div
        hidden={!expanded && !noMatches}
        className="absolute top-full right-0 left-0 z-50 mt-2 overflow-hidden rounded-xl border border-zinc-800 bg-zinc-950 shadow-2xl shadow-black/60"
      >
        <div ref={listbox} id={listboxId} role="listbox" aria-label="Search suggestions" className="max-h-[min(70vh,28rem)] overflow-y-auto py-1.5">
          {SUGGESTION_GROUPS.map((group) => {
            const inGroup = options.map((option, index) => ({ option, index })).filter(({ option }) => option.group === group.id)
            if (inGroup.length === 0) return null
            return (
              <div key={group.id} role="group" aria-labelledby={`${id}-${group.id}`} className="py-1">
                <div id={`${id}-${group.id}`} role="presentation" className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
                  {group.label}
                </div>
                {inGroup.map(({ option, index }) => (
                  <SuggestionRow
                    key={option.key}
                    id={optionId(index)}
                    index={index}
                    option={option}
                    highlighted={index === activeIndex}
                    onHover={() => setActive(index)}
                    onChoose={() => go(option.href)}
                  />
                ))}
              </div>
            )
          })}
        </div>
        {noMatches && <p className="px-3 py-3 text-sm text-zinc-400">No suggestions for “{text.trim()}”. Press Enter to search every product.</p>}
      </div>
      <p role="status" className="sr-only">
        {expanded ? `${options.length} suggestion${options.length === 1 ? '' : 's'}` : ''}
      </p>
    </form>
  )
}

interface SuggestionRowProps {
  id: string
  index: number
  option: SuggestionOption
  highlighted: boolean
  onHover: () => void
  onChoose: () => void
}

/** One option: a product shows its cover and category; a category or tag, its name. */
function SuggestionRow({ id, index, option, highlighted, onHover, onChoose }: SuggestionRowProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={highlighted}
      data-index={index}
      // The input keeps focus: the list is navigated through aria-activedescendant.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={highlighted ? undefined : onHover}
      onClick={onChoose}
      className={`mx-1.5 flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm ${highlighted ? 'bg-zinc-800 text-white' : 'text-zinc-300'}`}
    >
      {option.group === 'products' ? (
        <ProductImage
          url={option.imageUrl ?? PLACEHOLDER_IMAGE}
          alt=""
          sizes="40px"
          width={40}
          height={40}
          className="size-10 shrink-0 rounded-md bg-zinc-800 object-cover"
        />
      ) : (
        <span aria-hidden="true" className="flex size-6 shrink-0 items-center justify-center rounded-md bg-zinc-900 text-xs text-zinc-500 ring-1 ring-zinc-800">
          {option.group === 'tags' ? '#' : '/'}
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{option.label}</span>
        {option.detail && <span className="block truncate text-xs text-zinc-500">{option.detail}</span>}
      </span>
    </div>
  )
}
