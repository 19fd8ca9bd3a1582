/**
 * The browser's entry, kept tiny. A page the server rendered is already painted: its app (React,
 * the router, the query cache; most of the page's JavaScript) starts once the page's lead image
 * (the one with fetchpriority="high") is on screen, so that image, the stylesheet and the HTML
 * have the network and the main thread to themselves first. A page the browser renders alone
 * (cart, checkout, account) starts at once.
 */
import './styles.css'
import { holdEarlyClicks } from './app/early-clicks.ts'

/** The longest the app waits for the lead image: on a very slow network it starts without it. */
const LEAD_IMAGE_WAIT_MS = 3000

const root = document.getElementById('root')!
let started = false

function startApp(): void {
  if (started) return
  started = true
  void import('./app/start-app.tsx').then((module) => module.startApp(root))
}

/** Resolves after the next frame is painted (a callback queued from requestAnimationFrame runs after it). */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

const rendered = root.firstElementChild !== null && document.getElementById('als-query-state') !== null
if (!rendered || document.visibilityState === 'hidden') {
  startApp()
} else {
  const leadImage = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]')
  // A shopper who reaches for the page before then gets the app at once, and their tap is given
  // to the app once it has taken the page over.
  holdEarlyClicks()
  for (const type of ['pointerdown', 'keydown', 'focusin']) addEventListener(type, startApp, { capture: true, once: true, passive: true })
  setTimeout(startApp, LEAD_IMAGE_WAIT_MS)
  // decode() settles once the image is loaded and ready to paint (or failed to load).
  void (leadImage ? leadImage.decode().catch(() => undefined) : Promise.resolve()).then(afterNextPaint).then(startApp)
}
