import type { Meta, Run } from '@/domain/contract'
import { formatCount } from '@/components/ui/format-count'
import {
  decisionSide,
  formatDuration,
  isRunGoing,
  runStatusLabel,
  shortInstant,
  terminationReasonLabel,
} from '@/domain/runs'
import { NameText } from '@/components/ui/name-text'

export interface RunHeaderProps {
  run: Run
  /** `argumentCheckSince`: the decision date; `decisionFromLink` when `since=` set it. */
  meta: Pick<Meta, 'argumentCheckSince'> & { decisionFromLink?: boolean }
  zone: string
  rounds: number
  toolCalls: number
  /** Tool calls the installation could not read (not among the run's steps); 0 unless told. */
  unreadableToolCalls?: number
}

const BADGE: Record<ReturnType<typeof decisionSide>, string> = {
  before: 'Ran before the decision date',
  after: 'Ran after the decision date',
  spans: 'Started before and ended after the decision date',
  unknown: 'Decision date unknown',
}

/** The run's header: uuid, configuration, status, termination reason, start, finish, badge. */
export function RunHeader({
  run,
  meta,
  zone,
  rounds,
  toolCalls,
  unreadableToolCalls = 0,
}: RunHeaderProps) {
  const side = decisionSide(run, meta.argumentCheckSince)
  const started = Date.parse(run.startedAt)
  const finished = run.finishedAt === null ? null : Date.parse(run.finishedAt)
  const decision =
    meta.argumentCheckSince === null ? '' : shortInstant(Date.parse(meta.argumentCheckSince), zone)
  return (
    <header className="run-header">
      <h1 id="run-title" className="run-header__title">
        Run{' '}
        <span className="name-lines run-header__uuid" title={run.uuid}>
          <NameText name={run.uuid} />
        </span>
      </h1>
      <p className={`badge run-header__badge run-header__badge--${side}`}>
        {side === 'spans' && isRunGoing(run)
          ? 'Started before the decision date and still going after it'
          : BADGE[side]}
        {decision
          ? meta.decisionFromLink
            ? ` (decision date set in the link: ${decision})`
            : ` (argument check since ${decision})`
          : ''}
      </p>
      <dl className="run-header__facts">
        <div>
          <dt>Configuration</dt>
          <dd className="truncate" title={run.configuration}>
            {run.configuration || '–'}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{runStatusLabel(run.status)}</dd>
        </div>
        <div>
          <dt>Termination reason</dt>
          <dd>
            {run.terminationReason === null
              ? 'none yet'
              : terminationReasonLabel(run.terminationReason).text}
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{shortInstant(started, zone) || run.startedAt}</dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>{finished === null ? 'not finished' : shortInstant(finished, zone)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(finished === null ? null : finished - started)}</dd>
        </div>
        <div>
          <dt>Rounds</dt>
          <dd>{formatCount(rounds)}</dd>
        </div>
        {(run.attempts ?? 1) > 1 ? (
          <div>
            <dt>Attempts</dt>
            <dd title="A retryable failure put the run back in the queue; each attempt starts again at round 1, and the run's start is its first attempt's.">
              {formatCount(run.attempts ?? 1)}, each from round 1
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Tool calls</dt>
          <dd>
            {formatCount(toolCalls)}
            {unreadableToolCalls > 0 ? `, and ${unreadableToolCalls} that could not be read` : ''}
          </dd>
        </div>
      </dl>
    </header>
  )
}
