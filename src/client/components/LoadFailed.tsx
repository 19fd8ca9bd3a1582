/** A list that could not be read: its message and a Retry button (the order history's reloads the page). */
interface LoadFailedProps {
  message: string
  onRetry: () => void
}

export function LoadFailed({ message, onRetry }: LoadFailedProps) {
  return (
    <div role="alert" className="mt-8 flex flex-col items-center gap-4 rounded-2xl border border-red-900/70 bg-red-950/30 p-8 text-center">
      <p className="text-red-200">{message}</p>
      <button type="button" onClick={onRetry} className="btn btn-secondary">
        Retry
      </button>
    </div>
  )
}
