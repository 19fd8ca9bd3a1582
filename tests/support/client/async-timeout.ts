/**
 * Testing Library's findBy… and waitFor give up after 1 s by default: a page whose part loads
 * lazily (a dialog's chunk) can take longer on a busy CI machine, which failed tests that were
 * right. Three seconds still fails a page that never shows what is looked for.
 */
import { configure } from '@testing-library/dom'

configure({ asyncUtilTimeout: 3000 })
