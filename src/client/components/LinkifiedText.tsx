/** Plain text with every http(s) URL turned into a link (the developer mailbox's message body). */
import { Fragment } from 'react'

export type TextPart = { kind: 'text'; value: string } | { kind: 'link'; href: string }

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g
// A sentence's full stop or a closing bracket after a URL belongs to the sentence, not the URL.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>]+$/

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index
    const href = match[0].replace(TRAILING_PUNCTUATION, '')
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) })
    parts.push({ kind: 'link', href })
    last = start + href.length
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) })
  return parts
}

export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.value}</Fragment>
        ) : (
          <a key={index} href={part.href} className="break-all text-brand-300 underline decoration-brand-400/50 underline-offset-2 hover:text-brand-200">
            {part.href}
          </a>
        ),
      )}
    </>
  )
}
