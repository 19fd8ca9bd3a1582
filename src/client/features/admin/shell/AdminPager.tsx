/** "26–50 of 112" with Previous and Next, under an owner's paged table. */
export function AdminPager({
  offset,
  shown,
  total,
  pageSize,
  onOffset,
}: {
  offset: number
  shown: number
  total: number
  pageSize: number
  onOffset: (offset: number) => void
}) {
  return (
    <div className="mt-4 flex items-center justify-between text-sm text-zinc-400">
      <span>
        {offset + 1}–{offset + shown} of {total}
      </span>
      <div className="flex gap-2">
        <button type="button" className="btn btn-secondary" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          Previous
        </button>
        <button type="button" className="btn btn-secondary" disabled={offset + shown >= total} onClick={() => onOffset(offset + pageSize)}>
          Next
        </button>
      </div>
    </div>
  )
}
