import { useMemo } from 'react'
import type { Run } from '@/domain/contract'
import { formatCount } from '@/components/ui/format-count'
import {
  boundedTimeRows,
  formatDuration,
  runTimePicture,
  timeOfDay,
  type RoundGroup,
  type SpanKind,
  type TimeRow,
} from '@/domain/runs'

export interface RunTimeBarsProps {
  run: Pick<Run, 'startedAt' | 'finishedAt'>
  groups: readonly RoundGroup[]
  zone: string
}

/** Shorter gaps between rounds are the loop's own pace, not worth a word. */
const NOTED_GAP_MS = 10_000
/** The track's drawing width; bars are placed on it in proportion to the run's time. */
const WIDTH = 1000

const KIND_TEXT: Readonly<Record<SpanKind, string>> = {
  model: 'model',
  tool: 'tool calls',
  approval: 'waiting for approval',
  input: 'waiting for an answer',
  other: 'other steps',
}

/** The row's name: its round, or the stretch of rounds it stands for (and its attempt). */
const rowLabel = (r: TimeRow): string => {
  const rounds =
    r.lastRound === r.round
      ? `Round ${r.round}`
      : `Rounds ${formatCount(r.round)}–${formatCount(r.lastRound)}`
  return r.attempts > 1 ? `Attempt ${r.attempt} · ${rounds}` : rounds
}

/** The row's line of text: when it started, how long it took, what it waited for. */
function roundText(r: TimeRow, zone: string): string {
  const parts = [
    `${timeOfDay(r.startMs, zone).slice(0, 8)}, ${formatDuration(r.endMs - r.startMs)}`,
  ]
  if (r.approvalWaitMs > 0) parts.push(`${KIND_TEXT.approval} ${formatDuration(r.approvalWaitMs)}`)
  if (r.inputWaitMs > 0) parts.push(`${KIND_TEXT.input} ${formatDuration(r.inputWaitMs)}`)
  if (r.gapBeforeMs >= NOTED_GAP_MS) {
    parts.push(`${formatDuration(r.gapBeforeMs)} after the round before`)
  }
  return parts.join(' · ')
}

/**
 * The whole run on one wall clock: a bar per round, placed where the round ran, its steps drawn
 * by kind, so a 15-minute wait for approval shows as the long stretch it was. Each round's line
 * of text says the same (start, length, waits, the gap before it), so the drawing is hidden from
 * assistive technology. Nothing is drawn for a run without readable round times. A huge run
 * stays a bounded drawing: past 60 rounds a row stands for a stretch of rounds, and a row's
 * many steps are merged per kind to the drawing's resolution (`boundedTimeRows`).
 */
export function RunTimeBars({ run, groups, zone }: RunTimeBarsProps) {
  const picture = useMemo(() => runTimePicture(run, groups), [run, groups])
  const rows = useMemo(() => (picture === null ? [] : boundedTimeRows(picture)), [picture])
  if (picture === null) return null
  const span = Math.max(picture.endMs - picture.startMs, 1)
  const x = (ms: number) => ((ms - picture.startMs) / span) * WIDTH
  const waits = picture.rounds.reduce((sum, r) => sum + r.approvalWaitMs + r.inputWaitMs, 0)
  const kinds = new Set(picture.rounds.flatMap((r) => r.spans.map((s) => s.kind)))
  return (
    <figure className="run-bars" aria-labelledby="run-bars-title">
      <figcaption id="run-bars-title">
        <strong>The run in time</strong>{' '}
        <span className="muted">
          {timeOfDay(picture.startMs, zone).slice(0, 8)} to{' '}
          {timeOfDay(picture.endMs, zone).slice(0, 8)},{' '}
          {formatDuration(picture.endMs - picture.startMs)}
          {waits > 0 ? `, of which ${formatDuration(waits)} waiting for a person` : ''}
          {rows.length < picture.rounds.length
            ? `; ${formatCount(picture.rounds.length)} rounds, up to ${formatCount(Math.ceil(picture.rounds.length / rows.length))} to a line`
            : ''}
        </span>
      </figcaption>
      <ul className="run-bars__legend" aria-hidden="true">
        {[...kinds].map((kind) => (
          <li key={kind}>
            <span className={`run-bars__swatch run-bars__span--${kind}`} /> {KIND_TEXT[kind]}
          </li>
        ))}
      </ul>
      <ol className="run-bars__rows">
        {rows.map((r) => (
          <li key={r.key} className="run-bars__row">
            <span className="run-bars__head">
              <a href={`#${r.key}`} className="run-bars__label">
                {rowLabel(r)}
              </a>{' '}
              <span className="run-bars__text">{roundText(r, zone)}</span>
            </span>
            <svg
              className="run-bars__track"
              viewBox={`0 0 ${WIDTH} 10`}
              preserveAspectRatio="none"
              aria-hidden="true"
              focusable="false"
            >
              <rect
                className="run-bars__round"
                x={x(r.startMs)}
                y={0}
                height={10}
                width={Math.max(x(r.endMs) - x(r.startMs), 2)}
              />
              {r.spans.map((s, i) => (
                <rect
                  key={i}
                  className={`run-bars__span run-bars__span--${s.kind}`}
                  x={x(s.startMs)}
                  y={1}
                  height={8}
                  width={Math.max(x(s.endMs) - x(s.startMs), 1.5)}
                />
              ))}
            </svg>
          </li>
        ))}
      </ol>
    </figure>
  )
}
