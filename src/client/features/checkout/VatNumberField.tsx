/**
 * "VAT number (businesses)", optional, in the billing address of an EU buyer when the store
 * taxes by country: checked against the billing country's format and checksum as the shopper
 * leaves the field ("This VAT number doesn't look right for Germany…"). The server has the last
 * word (the EU's register); its sentence shows here too.
 */
import { useId, useState } from 'react'
import { INPUT_CLASS } from '../../components/TextField.tsx'
import { FieldError, FieldLabel } from './CheckoutFieldParts.tsx'
import { vatNumberProblem } from './vat-number-check.ts'

interface VatNumberFieldProps {
  value: string
  countryCode: string
  onChange: (vatNumber: string) => void
  /** The server's refusal of the number, until the shopper changes it. */
  serverError?: string
  disabled?: boolean
}

export function VatNumberField({ value, countryCode, onChange, serverError, disabled = false }: VatNumberFieldProps) {
  const id = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const error = problem ?? serverError
  return (
    <div className="sm:col-span-2">
      <FieldLabel htmlFor={id} label="VAT number (businesses)" required={false} />
      <input
        id={id}
        type="text"
        value={value}
        onChange={(event) => {
          setProblem(null)
          onChange(event.target.value)
        }}
        onBlur={() => setProblem(vatNumberProblem(value, countryCode))}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        placeholder="Optional"
        className={`${INPUT_CLASS} aria-[invalid=true]:border-red-500`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      />
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-400">
          A business in another EU country than ours pays no VAT with a valid number (reverse charge). It is printed on your invoice.
        </p>
      )}
    </div>
  )
}
