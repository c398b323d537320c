import { CONFIGURATIONS, configurationAt } from './configurations'
import { between, intBetween, mulberry32, pickWeighted, subSeed, type Rng } from './prng'
import { PENDING_STATUSES, TERMINATION_REASONS, type Ending, type RunSpec } from './sim-types'
import { DAY_MS, FIGURES_UNTIL_MS, FIRST_DAY_MS, HOUR_MS, LAST_DAY_MS } from './time'

export const STREAM_SCHEDULE = 1
export const STREAM_RUN = 2

/** Working-hour rhythm of a weekday (UTC hours 6–19); weekends spread evenly over 9–17. */
const WEEKDAY_HOURS: readonly (readonly [number, number])[] = [
  [6, 1],
  [7, 3],
  [8, 6],
  [9, 9],
  [10, 10],
  [11, 9],
  [12, 6],
  [13, 8],
  [14, 9],
  [15, 9],
  [16, 7],
  [17, 4],
  [18, 2],
  [19, 1],
]

const ENDING_WEIGHTS: readonly (readonly [Ending, number])[] = [
  ['completed', 84],
  ['max_iterations', 2.4],
  ['budget_exhausted', 1.4],
  ['policy_denied', 1.2],
  ['approval_denied', 3],
  ['provider_failed', 1.6],
  ['cancelled', 2.5],
  ['retries_exhausted', 1],
  ['not_retryable', 0.8],
  ['context_truncated', 1.1],
]

const CONFIGURATION_WEIGHTS = CONFIGURATIONS.map((c, index) => [index, c.weight] as const)

/** Run start instants, ascending: busier on weekdays, busier as adoption grows. */
function startTimes(rng: Rng, scale: number): number[] {
  const starts: number[] = []
  for (let day = FIRST_DAY_MS; day <= LAST_DAY_MS; day += DAY_MS) {
    const weekday = new Date(day).getUTCDay()
    const weekend = weekday === 0 || weekday === 6
    const trend = 0.8 + (0.45 * (day - FIRST_DAY_MS)) / (LAST_DAY_MS - FIRST_DAY_MS)
    const count = Math.round((weekend ? 1.7 : 8.6) * trend * scale * between(rng, 0.65, 1.35))
    const today: number[] = []
    for (let i = 0; i < count; i += 1) {
      const hour = weekend ? between(rng, 9, 17) : pickWeighted(rng, WEEKDAY_HOURS) + rng()
      today.push(day + Math.floor(hour * HOUR_MS))
    }
    starts.push(...today.sort((a, b) => a - b))
  }
  return starts
}

function callsFor(rng: Rng, spec: RunSpec): number {
  const [min, max] = configurationAt(spec.configuration).calls
  if (spec.ending === 'max_iterations') return intBetween(rng, 12, 18)
  if (spec.ending === 'cancelled' || spec.ending === 'not_retryable') return intBetween(rng, 0, max)
  return intBetween(rng, min, max)
}

/**
 * The runs of the installation in start order: when each starts, which configuration, how
 * many calls and how it ends. Every termination reason occurs before the figures' cut-off and
 * the last runs are still pending, one of each pending status at least.
 */
export function scheduleRuns(seed: number, scale: number): RunSpec[] {
  const rng = mulberry32(subSeed(seed, STREAM_SCHEDULE))
  const specs: RunSpec[] = startTimes(rng, scale).map((startMs, index) => ({
    seed: subSeed(seed, STREAM_RUN, index),
    startMs,
    configuration: pickWeighted(rng, CONFIGURATION_WEIGHTS),
    calls: 0,
    ending: pickWeighted(rng, ENDING_WEIGHTS),
  }))
  const early = specs.filter((s) => s.startMs < FIGURES_UNTIL_MS - 7 * DAY_MS)
  TERMINATION_REASONS.forEach((reason, i) => {
    if (specs.some((s) => s.ending === reason)) return
    const from = Math.floor(((i + 0.5) * early.length) / TERMINATION_REASONS.length)
    const target = early.slice(from).find((s) => s.ending === 'completed')
    if (target !== undefined) target.ending = reason
  })
  const pendingCount = Math.max(8, Math.round(8 * Math.sqrt(scale)))
  // The newest run is still running; older ones wait for people (approval, answer) or a worker.
  specs
    .slice(-pendingCount)
    .reverse()
    .forEach((spec, i) => {
      const waiting = PENDING_STATUSES.slice(1)
      spec.ending =
        (i < PENDING_STATUSES.length ? PENDING_STATUSES[i] : waiting[i % waiting.length]) ??
        'queued'
    })
  for (const spec of specs) spec.calls = callsFor(rng, spec)
  return specs
}
