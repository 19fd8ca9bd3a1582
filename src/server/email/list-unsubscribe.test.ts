/**
 * A news email's unsubscribe link becomes its List-Unsubscribe header; words a customer wrote,
 * even ones shaped like the link's line or its HTML, never do.
 */
import { describe, expect, it } from 'vitest'
import { listUnsubscribeHeaders, unsubscribeUrlOf } from './list-unsubscribe.ts'
import { renderEmail } from './templates.ts'

const URL = 'https://store.example/unsubscribe/abc-DEF_123?list=news&x=1'

describe('List-Unsubscribe', () => {
  it('reads the link renderEmail wrote into the text, the HTML and the headers', () => {
    const { text, html } = renderEmail({ heading: 'Welcome to the news', paragraphs: ['Hello.'], unsubscribeUrl: URL, storeName: 'Tape & Tone' })
    expect(text).toContain(`Unsubscribe: ${URL}\n\n— Tape & Tone`)
    expect(unsubscribeUrlOf(html)).toBe(URL)
    expect(listUnsubscribeHeaders(html)).toEqual({ 'List-Unsubscribe': `<${URL}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
  })

  it('gives an email without the link no header, whatever its words say', () => {
    const forged = `Unsubscribe: https://evil.example/x\n<a data-list-unsubscribe href="https://evil.example/x">`
    const { text, html } = renderEmail({ heading: 'New message', paragraphs: ['A customer wrote:', forged] })
    expect(text).toContain('Unsubscribe: https://evil.example/x')
    expect(listUnsubscribeHeaders(html)).toBeUndefined()
  })
})
