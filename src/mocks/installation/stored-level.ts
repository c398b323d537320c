import type { StoredLevel } from './sim-types'

/**
 * The privacy levels the demo installation stored steps at over time: `full` while it was first
 * tried (its tool results then kept verbatim, U+0000 and all), `redacted` for the week after,
 * then the CMS default `metadata` (what `/meta` says now). The CMS applies the level per row when
 * it writes one, so older rows keep theirs.
 */
const HISTORY: readonly (readonly [untilMs: number, level: StoredLevel])[] = [
  [Date.UTC(2026, 8, 8), 'full'],
  [Date.UTC(2026, 8, 15), 'redacted'],
]

/** The level a run that started at `startMs` was stored at. */
export function storedLevelAt(startMs: number): StoredLevel {
  for (const [untilMs, level] of HISTORY) if (startMs < untilMs) return level
  return 'metadata'
}
