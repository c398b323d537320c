import { formatCount } from './format-count'

/**
 * Says that the server sent some runs more than once (a cursor bug) and that each was counted
 * once; nothing when there were none.
 */
export function DuplicatesNotice({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <p className="warnings" role="status">
      The server sent {formatCount(count)} run(s) more than once; each was counted once.
    </p>
  )
}
