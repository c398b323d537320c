import { Fragment, type MouseEvent } from 'react'
import type { Run, Step } from '@/domain/contract'
import {
  anchorOf,
  isRunGoing,
  runStatusInSentence,
  terminationReasonLabel,
  type ResentCall,
  type RefusedTurn,
} from '@/domain/runs'
import { focusTarget } from './focus-target'
import { outcomeLabel } from './format'
import { formatCount } from '@/components/ui/format-count'

export interface RefusedTurnNoteProps {
  /** The round of the refused turn. */
  round: number
  turn: RefusedTurn
  run: Pick<Run, 'status' | 'terminationReason' | 'finishedAt'>
  /** Each step's element id (`stepAnchorIds` of the run): unique even when sequences repeat. */
  anchors: ReadonlyMap<Step, string>
}

/**
 * A turn of a huge round can hold thousands of calls: the note names this many of each list and
 * says how many more there are (the round's step table lists every one).
 */
const NAMED = 20

/** " and 1,234 more" for the part of a list the note does not name; empty when it names all. */
const more = (count: number): string =>
  count > NAMED ? `, and ${formatCount(count - NAMED)} more (see the round's steps)` : ''

const jump = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault()
  focusTarget(id)
}

function Resent({ call, anchors }: { call: ResentCall; anchors: ReadonlyMap<Step, string> }) {
  const name = call.refused.toolName ?? ''
  if (!call.resentAs)
    return (
      <li>
        <bdi>{name}</bdi>: not re-sent
      </li>
    )
  const id = anchorOf(anchors, call.resentAs)
  return (
    <li>
      <a href={`#${id}`} onClick={jump(id)}>
        <bdi>{name}</bdi> re-sent as step {call.resentAs.sequence}
      </a>{' '}
      — {outcomeLabel(call.resentAs).toLowerCase()}
    </li>
  )
}

/**
 * A refused turn in words: which calls the check refused, which siblings did not run, and where
 * the model sent the turn again (links to the next round's calls), or why it did not.
 */
export function RefusedTurnNote({ turn, run, round, anchors }: RefusedTurnNoteProps) {
  // Each name isolated (<bdi>): a right-to-left override in one must not reverse the rest.
  const names = (steps: RefusedTurn['refused']) =>
    steps.slice(0, NAMED).map((s, i) => (
      <Fragment key={anchorOf(anchors, s)}>
        {i > 0 ? ', ' : null}
        <bdi>{s.toolName ?? ''}</bdi> (step {s.sequence}, {outcomeLabel(s).toLowerCase()})
      </Fragment>
    ))
  const ended = isRunGoing(run)
    ? `the run is still ${runStatusInSentence(run.status)}`
    : `the run ended${run.terminationReason ? ` (${terminationReasonLabel(run.terminationReason).inSentence})` : ''}`
  return (
    <div className="refused-turn" role="note" aria-label="Refused turn">
      <strong>Refused turn: nothing of this turn ran.</strong>
      {turn.refused.length > 0 ? (
        <p>
          Refused: {names(turn.refused)}
          {more(turn.refused.length)}.
        </p>
      ) : null}
      {turn.notRun.length > 0 ? (
        <p>
          Not run with it: {names(turn.notRun)}
          {more(turn.notRun.length)}.
        </p>
      ) : null}
      {turn.nextRound === null ? (
        <p>
          Not re-sent:{' '}
          {turn.laterRounds
            ? `no later round held a tool call, and ${ended}`
            : `${ended} after this round`}
          .
        </p>
      ) : (
        <>
          <p>
            {turn.nextRound === round + 1
              ? 'The model re-sent the turn in'
              : 'No tool call came in between; the next calls came in'}{' '}
            <a href={`#${turn.nextKey ?? ''}`} onClick={jump(turn.nextKey ?? '')}>
              round {turn.nextRound}
            </a>
            :
          </p>
          <ul>
            {turn.resent.slice(0, NAMED).map((call) => (
              <Resent key={anchorOf(anchors, call.refused)} call={call} anchors={anchors} />
            ))}
            {turn.resent.length > NAMED ? (
              <li>
                and {formatCount(turn.resent.length - NAMED)} more calls (see round {turn.nextRound}
                &apos;s steps)
              </li>
            ) : null}
          </ul>
        </>
      )}
    </div>
  )
}
