/** A strip on every page while the store takes no real payments (the built-in test provider in production). */
const TEST_MODE_TEXT = 'Test mode: no real payments'

export function TestModeBanner() {
  return (
    <div role="status" className="bg-amber-400 px-4 py-1.5 text-center text-sm font-semibold text-amber-950">
      {TEST_MODE_TEXT}
      <span className="hidden sm:inline">. Pay with the test card 4242 4242 4242 4242; nothing is charged.</span>
    </div>
  )
}
