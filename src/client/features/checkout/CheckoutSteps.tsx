/**
 * The checkout wizard's step indicator: Information then Payment. The current step is
 * highlighted; a completed step turns green with a check mark.
 */
import { CheckIcon } from '../../components/Icons.tsx'

export type CheckoutStep = 'information' | 'payment'

const STEPS: ReadonlyArray<{ id: CheckoutStep; label: string }> = [
  { id: 'information', label: 'Information' },
  { id: 'payment', label: 'Payment' },
]

export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const currentIndex = STEPS.findIndex((step) => step.id === current)
  return (
    <ol aria-label="Checkout steps" className="flex items-center gap-3 text-sm">
      {STEPS.map((step, index) => {
        const done = index < currentIndex
        const active = index === currentIndex
        return (
          <li
            key={step.id}
            className="flex items-center gap-3"
            aria-current={active ? 'step' : undefined}
            data-state={done ? 'complete' : active ? 'current' : 'upcoming'}
          >
            {index > 0 && <span aria-hidden="true" className={`h-px w-8 sm:w-14 ${done || active ? 'bg-emerald-500/70' : 'bg-zinc-700'}`} />}
            <span
              aria-hidden="true"
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ring-1 ${
                done
                  ? 'bg-emerald-600 text-white ring-emerald-500'
                  : active
                    ? 'bg-brand-600 text-white ring-brand-400'
                    : 'bg-zinc-900 text-zinc-400 ring-zinc-700'
              }`}
            >
              {done ? <CheckIcon className="size-4" /> : index + 1}
            </span>
            <span className={`font-medium ${done ? 'text-emerald-300' : active ? 'text-white' : 'text-zinc-400'}`}>
              {step.label}
              {done && <span className="sr-only"> (completed)</span>}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
