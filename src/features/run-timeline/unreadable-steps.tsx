import type { UnreadableStep } from '@/domain/contract'
import { timeOfDay } from '@/domain/runs'
import { formatInstant } from '@/domain/time'
import { TableScroll } from '@/components/ui/table-scroll'
import { countOf } from '@/components/ui/format-count'

export interface UnreadableStepsProps {
  /** The run's `unreadableSteps` as the installation reported them; none shows nothing. */
  steps: readonly UnreadableStep[] | undefined
  zone: string
}

/** Where the step is on this page, in words. */
function whereShown(step: UnreadableStep): string {
  if (step.listed) return 'Shown in its round, without the fields that could not be read'
  return step.kind === 'tool' ? 'Not shown; the call is not counted' : 'Not shown'
}

/**
 * The steps of a run the installation could not read fully (damaged or older payloads), in a
 * labelled section: sequence, time, kind, round, tool (when its name was read), whether the step
 * is shown in its round, and the installation's reason. Every value is untrusted text: rendered
 * as text only, names and reasons isolated (`<bdi>`) so a right-to-left override stays inside.
 */
export function UnreadableSteps({ steps, zone }: UnreadableStepsProps) {
  if (steps === undefined || steps.length === 0) return null
  const notShown = steps.filter((step) => !step.listed).length
  const calls = steps.filter((step) => !step.listed && step.kind === 'tool').length
  return (
    <section className="unreadable-steps" aria-labelledby="unreadable-steps-title">
      <h2 id="unreadable-steps-title">Steps that could not be read</h2>
      <div className="state state--partial" role="status">
        <strong>
          Incomplete: {countOf(steps.length, 'recorded step', 'recorded steps')} of this run could
          not be read
        </strong>
        <span>
          {`The installation could not read them fully (damaged or older payloads). ${notShown === 0 ? 'Each is shown in its round without the fields that could not be read.' : `${countOf(notShown, 'step is', 'steps are')} missing from the rounds below${calls > 0 ? `, ${countOf(calls, 'tool call', 'tool calls')} among them, not counted` : ''}.`}`}
        </span>
      </div>
      <TableScroll label="Table of the steps that could not be read">
        <table className="data-table unreadable-steps__table">
          <caption className="visually-hidden">The steps that could not be read</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Time</th>
              <th scope="col">Kind</th>
              <th scope="col" className="num">
                Round
              </th>
              <th scope="col">Tool</th>
              <th scope="col">On this page</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step, i) => {
              const ms = Date.parse(step.occurredAt)
              return (
                // Sequences may repeat (a contract breach); the position is the one stable key.
                <tr key={i}>
                  <th scope="row" className="num">
                    {step.sequence}
                  </th>
                  <td>
                    <time dateTime={step.occurredAt} title={formatInstant(ms, zone)}>
                      {timeOfDay(ms, zone) || step.occurredAt}
                    </time>
                  </td>
                  <td>
                    <bdi>{step.kind === '' ? '(none)' : step.kind}</bdi>
                  </td>
                  <td className="num">{step.round === 0 ? 'outside' : step.round}</td>
                  <td>
                    {step.toolName === undefined ? (
                      <span className="muted">not read</span>
                    ) : (
                      <bdi className="truncate unreadable-steps__tool" title={step.toolName}>
                        {step.toolName}
                      </bdi>
                    )}
                  </td>
                  <td>{whereShown(step)}</td>
                  <td className="unreadable-steps__reason">
                    <bdi>{step.reason}</bdi>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  )
}
