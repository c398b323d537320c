import { configurationAt } from './configurations'
import { mulberry32, subSeed, type Rng } from './prng'
import type { RunSpec } from './sim-types'
import { DAY_MS, FIGURES_UNTIL_MS } from './time'

export const STREAM_FIGURES = 3

/** The ADR's figures for tool steps before 2026-11-04 (at scale 1). */
export const ADR_FIGURES = { calls: 2_386, failed: 97 } as const

/**
 * Failed calls per tool before the cut-off: the ADR's three named tools, and the remaining 15
 * spread over other writing tools, each below 6. Reading tools never fail.
 */
export const FAILURE_QUOTAS: Readonly<Record<string, number>> = {
  update_page_metadata: 58,
  create_content_element_draft: 13,
  update_content_element: 11,
  create_page_draft: 4,
  create_translation_draft: 4,
  set_file_alternative_text: 3,
  attach_file_to_content_element: 2,
  mcp_dam_update_asset_metadata: 2,
}

/** A Fisher–Yates shuffle of `items` (a copy) by the stream. */
function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1))
    const a = copy[i]
    const b = copy[j]
    if (a === undefined || b === undefined) continue
    copy[i] = b
    copy[j] = a
  }
  return copy
}

/**
 * Nudges the planned calls of completed runs well before the cut-off, one call at a time, so
 * that the runs before the cut-off execute exactly `target` calls. Before the argument check
 * every planned call runs exactly once, so the plan is the count.
 */
export function fitCallTotal(seed: number, specs: readonly RunSpec[], target: number): void {
  const before = specs.filter((s) => s.startMs < FIGURES_UNTIL_MS)
  let gap = target - before.reduce((sum, s) => sum + s.calls, 0)
  const rng = mulberry32(subSeed(seed, STREAM_FIGURES))
  const adjustable = shuffled(
    rng,
    before.filter((s) => s.ending === 'completed' && s.startMs < FIGURES_UNTIL_MS - 2 * DAY_MS),
  )
  while (gap !== 0) {
    let moved = false
    for (const spec of adjustable) {
      if (gap === 0) break
      const [min, max] = configurationAt(spec.configuration).calls
      if (gap > 0 && spec.calls < max + 2) {
        spec.calls += 1
        gap -= 1
        moved = true
      } else if (gap < 0 && spec.calls > Math.max(1, min - 1)) {
        spec.calls -= 1
        gap += 1
        moved = true
      }
    }
    if (!moved) throw new Error(`cannot fit the call total: ${gap} calls left over`)
  }
}

/** One tool step before the cut-off: its run, its ordinal among the run's tool steps, its tool. */
export interface CallRef {
  run: number
  ordinal: number
  tool: string
  /** False for a call written without running (a denied turn's): it cannot fail. */
  ran: boolean
}

/**
 * Chooses which calls before the cut-off failed, exactly by quota (scaled and capped at the
 * calls a tool has), among the calls that ran, and returns the failing ordinals per run.
 */
export function assignFailures(
  seed: number,
  calls: readonly CallRef[],
  scale: number,
): Map<number, number[]> {
  const rng = mulberry32(subSeed(seed, STREAM_FIGURES, 1))
  const failures = new Map<number, number[]>()
  for (const [tool, quota] of Object.entries(FAILURE_QUOTAS)) {
    const candidates = calls.filter((call) => call.tool === tool && call.ran)
    const wanted = Math.round(quota * scale)
    if (scale === 1 && candidates.length < wanted) {
      throw new Error(`${tool} has ${candidates.length} calls, fewer than its ${wanted} failures`)
    }
    for (const call of shuffled(rng, candidates).slice(0, wanted)) {
      const list = failures.get(call.run) ?? []
      list.push(call.ordinal)
      failures.set(call.run, list)
    }
  }
  return failures
}
