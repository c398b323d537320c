import type { RoundTime, RunTimePicture, SpanKind, TimeSpan } from './run-time-picture'

/** One line of the run's time picture: a round, or a stretch of consecutive rounds. */
export interface TimeRow extends RoundTime {
  /** The last round in the row: `round` itself for a row of one round. */
  lastRound: number
}

export interface TimeBounds {
  /** At most this many rows; more rounds are drawn as stretches of consecutive rounds. */
  maxRows: number
  /** A row with more spans than this has them merged on a grid of this many cells. */
  cells: number
}

/** Enough rows to read a run round by round, few enough to draw at once. */
export const TIME_BOUNDS: TimeBounds = { maxRows: 60, cells: 250 }

/**
 * `spans` merged per kind on a grid of `cells` equal cells over `[startMs, endMs]`: a cell is
 * covered by a kind when a span of that kind overlaps it, and each run of covered cells is one
 * span — at most `cells / 2` spans per kind. Empty spans give none; a zero-length range gives
 * each kind one span.
 */
export function mergeSpans(
  spans: readonly TimeSpan[],
  startMs: number,
  endMs: number,
  cells: number,
): TimeSpan[] {
  const width = Math.max(endMs - startMs, 1) / cells
  const covered = new Map<SpanKind, Uint8Array>()
  for (const s of spans) {
    let grid = covered.get(s.kind)
    if (!grid) covered.set(s.kind, (grid = new Uint8Array(cells)))
    const from = Math.max(0, Math.min(cells - 1, Math.floor((s.startMs - startMs) / width)))
    const to = Math.max(from, Math.min(cells - 1, Math.ceil((s.endMs - startMs) / width) - 1))
    grid.fill(1, from, to + 1)
  }
  const merged: TimeSpan[] = []
  for (const [kind, grid] of covered) {
    for (let i = 0; i < cells; i++) {
      if (grid[i] !== 1) continue
      let j = i
      while (j + 1 < cells && grid[j + 1] === 1) j++
      merged.push({ kind, startMs: startMs + i * width, endMs: startMs + (j + 1) * width })
      i = j
    }
  }
  return merged
}

/**
 * The picture's rounds as at most `maxRows` rows: one per round when they fit, else stretches
 * of consecutive rounds (same size, the last one shorter) with their waits summed, and each row
 * with more than `cells` spans has them merged ({@link mergeSpans}). A picture that fits comes
 * back row for row, span for span. No rounds give no rows.
 */
export function boundedTimeRows(
  picture: RunTimePicture,
  { maxRows, cells }: TimeBounds = TIME_BOUNDS,
): TimeRow[] {
  const per = Math.max(1, Math.ceil(picture.rounds.length / maxRows))
  const rows: TimeRow[] = []
  for (let i = 0; i < picture.rounds.length; i += per) {
    const stretch = picture.rounds.slice(i, i + per)
    const first = stretch[0]
    const last = stretch[stretch.length - 1]
    if (!first || !last) continue
    const startMs = stretch.reduce((min, r) => Math.min(min, r.startMs), Infinity)
    const endMs = stretch.reduce((max, r) => Math.max(max, r.endMs), -Infinity)
    const spans = per === 1 ? first.spans : stretch.flatMap((r) => r.spans)
    rows.push({
      round: first.round,
      attempt: first.attempt,
      attempts: first.attempts,
      key: first.key,
      lastRound: last.round,
      startMs,
      endMs,
      spans: spans.length > cells ? mergeSpans(spans, startMs, endMs, cells) : spans,
      approvalWaitMs: stretch.reduce((sum, r) => sum + r.approvalWaitMs, 0),
      inputWaitMs: stretch.reduce((sum, r) => sum + r.inputWaitMs, 0),
      gapBeforeMs: first.gapBeforeMs,
    })
  }
  return rows
}
