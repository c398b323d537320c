import type { Step } from '@/domain/contract'
import { timeSpan, type RoundGroup } from '@/domain/runs'

/** Step rows a round of a windowed run shows at once; its pager reaches the others. */
export const STEPS_PER_PAGE = 200

/** A page of a round's steps: which steps (1-based, inclusive) of how many. */
export interface StepPage {
  group: RoundGroup
  page: number
  pages: number
  first: number
  last: number
  total: number
}

/**
 * Page `page` (clamped to the round's pages) of `group`'s steps, as a group of its own whose
 * steps and time span are the page's; its outcomes, approvals, inputs and refused turn stay
 * the whole round's, so the round's heading still speaks for all of it. A round without steps
 * is one empty page.
 */
export function stepPage(group: RoundGroup, page: number, size = STEPS_PER_PAGE): StepPage {
  const total = group.steps.length
  const pages = Math.max(1, Math.ceil(total / size))
  const at = Math.max(0, Math.min(pages - 1, Math.floor(page)))
  if (pages === 1) return { group, page: 0, pages, first: total > 0 ? 1 : 0, last: total, total }
  const steps = group.steps.slice(at * size, (at + 1) * size)
  return {
    group: { ...group, steps, ...timeSpan(steps) },
    page: at,
    pages,
    first: at * size + 1,
    last: at * size + steps.length,
    total,
  }
}

/** Where an element id of the timeline lives: the round's index, and a step's page in it. */
export interface TimelinePlace {
  index: number
  page: number | null
}

/**
 * Every id a windowed timeline can be asked to show — each round's key (`round-<n>`, or
 * `attempt-<a>-round-<n>`), `round-<n>` for the first round of that number, and each step's
 * anchor id — and where it is. No groups give an empty map.
 */
export function timelinePlaces(
  groups: readonly RoundGroup[],
  anchors: ReadonlyMap<Step, string>,
  size = STEPS_PER_PAGE,
): Map<string, TimelinePlace> {
  const places = new Map<string, TimelinePlace>()
  groups.forEach((group, index) => {
    places.set(group.key, { index, page: null })
    // "Go to round n" in a run of several attempts goes to the first attempt's round n.
    if (!places.has(`round-${group.round}`))
      places.set(`round-${group.round}`, { index, page: null })
    group.steps.forEach((step, i) => {
      places.set(anchors.get(step) ?? `step-${step.sequence}`, {
        index,
        page: Math.floor(i / size),
      })
    })
  })
  return places
}

/**
 * The part of `count` rounds a window shows, for a sentence: the first and last index in it
 * (0-based) from the virtual items; null when none is shown.
 */
export function shownRange(
  items: readonly { index: number }[],
): { from: number; to: number } | null {
  const first = items[0]
  const last = items[items.length - 1]
  return first && last ? { from: first.index, to: last.index } : null
}
