import { countOf, formatCount } from './format-count'

export interface UnreadableNoticeProps {
  /** Tool calls in scope the installation could not read (a summary's `unreadableToolSteps`). */
  count: number
  /** Where those calls lie, after the count: "in this range" unless told. */
  where?: string
  /** More detail at the end, e.g. "3 before the decision date, 9 after". */
  detail?: string
}

/**
 * Marks figures as incomplete because the installation could not read some of the tool calls
 * they would count (damaged or older payloads): how many, and that the counts may be low by up
 * to that many. Nothing for 0 (or a count that is not a number).
 */
export function UnreadableNotice({
  count,
  where = 'in this range',
  detail,
}: UnreadableNoticeProps) {
  if (!(count > 0)) return null
  const calls = countOf(count, 'tool call', 'tool calls')
  return (
    <div className="state state--partial" role="status">
      <strong>Incomplete data: {calls} could not be read</strong>
      <span>
        {`${calls} ${where} could not be read from the installation's records (damaged or older payloads); the counts may be low by up to ${formatCount(count)}.${detail ? ` ${detail}.` : ''}`}
      </span>
    </div>
  )
}
