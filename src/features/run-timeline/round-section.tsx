import { useSearch } from '@tanstack/react-router'
import { formatCount } from '@/components/ui/format-count'
import { useId, type ReactNode } from 'react'
import { useCatalogueNames } from '@/api'
import type { Run, Step } from '@/domain/contract'
import { checkerSearch } from '@/domain/links'
import { anchorOf, formatDuration, timeOfDay, type RoundGroup } from '@/domain/runs'
import { formatInstant } from '@/domain/time'
import { decisionLabel, outcomeLabel } from './format'
import { RefusedTurnNote } from './refused-turn-note'
import { RoundWaterfall } from './round-waterfall'
import { TableScroll } from '@/components/ui/table-scroll'
import { ToolSchemaHint, ToolSchemaLink } from '@/components/ui/tool-schema-link'

export interface RoundSectionProps {
  group: RoundGroup
  run: Pick<Run, 'status' | 'terminationReason' | 'finishedAt'>
  zone: string
  /** Each step's element id (`stepAnchorIds` of the run): unique even when sequences repeat. */
  anchors: ReadonlyMap<Step, string>
  /** `group` holds one page of the round's steps: which ones (1-based) of how many. */
  page?: StepsShown
  /** Shown before the round's waterfall and steps (a windowed run's pager). */
  pager?: ReactNode
}

/** Which of a round's steps (1-based, inclusive) a paged group holds, of how many. */
export interface StepsShown {
  first: number
  last: number
  total: number
}

/** What happened in the round, in one line: calls by outcome and decisions. */
function roundSummary(group: RoundGroup, steps: number): string {
  const parts: string[] = []
  const calls = group.outcomes.length
  if (calls > 0) parts.push(`${formatCount(calls)} tool call${calls === 1 ? '' : 's'}`)
  const count = (pred: (o: string) => boolean) => group.outcomes.filter(pred).length
  const failed = count((o) => o === 'failed')
  const denied = count((o) => o === 'denied')
  const refused = count((o) => o.startsWith('refused:') && o !== 'refused:turn')
  const notRun = count((o) => o === 'refused:turn')
  if (failed > 0) parts.push(`${formatCount(failed)} failed`)
  if (denied > 0) parts.push(`${formatCount(denied)} denied`)
  if (refused > 0) parts.push(`${formatCount(refused)} refused`)
  if (notRun > 0) parts.push(`${formatCount(notRun)} not run`)
  const declined = group.approvals.filter((a) => a === false).length
  if (declined > 0) parts.push(`approval denied`)
  else if (group.approvals.includes(true)) parts.push('approved')
  else if (group.approvals.length > 0) parts.push('approval decision not recorded')
  if (group.inputs > 0)
    parts.push(`${group.inputs} question${group.inputs === 1 ? '' : 's'} answered`)
  return parts.length > 0
    ? parts.join(', ')
    : `${steps} step${steps === 1 ? '' : 's'}, no tool call`
}

/** One round: heading (a keyboard stop), what happened, a refused turn's note, waterfall, steps. */
export function RoundSection({ group, run, zone, anchors, page, pager }: RoundSectionProps) {
  const round = group.round === 0 ? 'Outside a round' : `Round ${group.round}`
  const title = group.attempts > 1 ? `Attempt ${group.attempt} · ${round}` : round
  const headingId = group.key
  // The run page's search is the list's: its shared filters go on to the checker.
  const search = useSearch({ strict: false }) as Record<string, string | string[] | undefined>
  const catalogued = useCatalogueNames()
  const hintId = useId()
  return (
    <section
      className={group.refusedTurn ? 'round round--refused' : 'round'}
      aria-labelledby={headingId}
      data-round={group.round}
      data-attempt={group.attempt}
    >
      <h2 id={headingId} tabIndex={-1} data-round-heading="">
        {title}
        <span className="round__summary">
          {' '}
          — {roundSummary(group, page?.total ?? group.steps.length)}
        </span>
      </h2>
      {group.refusedTurn ? (
        <RefusedTurnNote turn={group.refusedTurn} run={run} round={group.round} anchors={anchors} />
      ) : null}
      {group.approvals.includes(false) ? (
        <p className="round__declined">
          An editor denied the approval card of this turn: none of its calls ran. They are listed as
          denied, and no count takes them for failures.
        </p>
      ) : null}
      {pager}
      <RoundWaterfall group={group} anchors={anchors} shown={page} />
      <TableScroll label={`Steps of ${title.toLowerCase()}`}>
        <ToolSchemaHint id={hintId} />
        <table className="data-table steps-table">
          <caption className="visually-hidden">Steps of {title.toLowerCase()}</caption>
          {/* The same widths in every round's table, so the rounds line up column by column. */}
          <colgroup>
            <col className="steps-table__col-step" />
            <col className="steps-table__col-time" />
            <col className="steps-table__col-kind" />
            <col className="steps-table__col-duration" />
            <col />
            <col className="steps-table__col-outcome" />
            <col className="steps-table__col-decision" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Time</th>
              <th scope="col">Kind</th>
              <th scope="col" className="num">
                Duration
              </th>
              <th scope="col">Tool</th>
              <th scope="col">Outcome</th>
              <th scope="col">Decision</th>
            </tr>
          </thead>
          <tbody>
            {group.steps.map((step) => {
              const ms = Date.parse(step.occurredAt)
              const outcome = outcomeLabel(step)
              const id = anchorOf(anchors, step)
              return (
                <tr key={id} id={id} tabIndex={-1}>
                  <th scope="row" className="num">
                    {step.sequence}
                  </th>
                  <td>
                    <time dateTime={step.occurredAt} title={formatInstant(ms, zone)}>
                      {timeOfDay(ms, zone)}
                    </time>
                  </td>
                  <td>{step.kind}</td>
                  <td className="num">{formatDuration(step.durationMs)}</td>
                  <td>
                    {step.toolName !== undefined ? (
                      <ToolSchemaLink
                        name={step.toolName}
                        search={checkerSearch(search, step.toolName)}
                        inCatalogue={catalogued === null ? null : catalogued.has(step.toolName)}
                        hintId={hintId}
                        className="truncate steps-table__tool"
                      />
                    ) : null}
                  </td>
                  <td
                    className={
                      outcome.startsWith('Refused') || outcome.startsWith('Not run')
                        ? 'outcome outcome--refused'
                        : outcome === 'Failed'
                          ? 'outcome outcome--failed'
                          : outcome.startsWith('Denied')
                            ? 'outcome outcome--denied'
                            : 'outcome'
                    }
                  >
                    {outcome}
                  </td>
                  <td>{decisionLabel(step)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  )
}
