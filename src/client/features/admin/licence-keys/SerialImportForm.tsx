/**
 * The upload of a product's vendor serials: a CSV file (one serial per line, or a `serial`
 * column) read as text and sent, then the import's report: how many were added and skipped,
 * how many went to buyers waiting for one, and each line that was not added, with why. A file
 * larger than the console imports is pointed to the owner CLI, by the server's 413 or, when its
 * size alone is over SERIAL_IMPORT_MAX_BYTES, before it is read.
 */
import { useId, useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { SERIAL_IMPORT_MAX_BYTES, SERIAL_IMPORT_MESSAGES, type SerialImportReport } from '../../../../shared/contract/licence-keys.ts'
import { useImportSerials } from './api/key-policy.ts'

export function SerialImportForm({ productId }: { productId: string }) {
  const fileId = useId()
  const reportId = useId()
  const importSerials = useImportSerials(productId)
  const [file, setFile] = useState<File | null>(null)
  const [report, setReport] = useState<SerialImportReport | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!file) {
      setError('Choose a CSV file of serials first')
      return
    }
    // A file this large cannot fit the request the server takes: said before it is read and sent.
    if (file.size > SERIAL_IMPORT_MAX_BYTES) {
      setError(SERIAL_IMPORT_MESSAGES.tooLarge)
      return
    }
    setError(null)
    try {
      const csv = await file.text()
      if (csv.trim() === '') {
        setError('The file is empty')
        return
      }
      const done = await importSerials.mutateAsync(csv)
      setReport(done)
      toast.success(`${done.added} serial${done.added === 1 ? '' : 's'} added`)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to import the serials')
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 flex flex-col gap-3">
      <div>
        <label htmlFor={fileId} className="mb-1.5 block text-sm font-medium text-zinc-200">
          Upload serials (CSV)
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          aria-describedby={`${fileId}-hint`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-800 file:px-3 file:py-2 file:text-zinc-100"
        />
        <p id={`${fileId}-hint`} className="mt-1.5 text-xs text-zinc-400">
          One serial per line, or a column named serial. Blank lines are skipped, serials already in the pool are left out.
        </p>
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-red-800/80 bg-red-950/50 px-3.5 py-2.5 text-sm text-red-200">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-secondary" disabled={importSerials.isPending}>
          {importSerials.isPending ? 'Importing…' : 'Import serials'}
        </button>
      </div>
      {report && (
        <div aria-labelledby={reportId} role="region" className="rounded-xl border border-zinc-800 p-3 text-sm">
          <h4 id={reportId} className="font-semibold text-white">
            Import report
          </h4>
          <p className="mt-1 text-zinc-200">
            {report.added} added, {report.skipped} skipped
            {report.delivered > 0 && `, ${report.delivered} sent to buyers who were waiting`}.
          </p>
          {report.lines.length > 0 && (
            <ol aria-label="Lines" className="mt-2 max-h-64 divide-y divide-zinc-800 overflow-y-auto font-mono text-xs">
              {report.lines.map((line) => (
                <li key={line.line} className={`py-1.5 ${line.outcome === 'added' ? 'text-zinc-300' : 'text-amber-200'}`}>
                  Line {line.line}: {line.serial ?? '(none)'} · {line.outcome}
                  {line.message && ` · ${line.message}`}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </form>
  )
}
