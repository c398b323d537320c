/** Fixed instants of the demo installation (all UTC, epoch milliseconds). */
export const DAY_MS = 86_400_000
export const HOUR_MS = 3_600_000

/** The first and last recorded calendar days. */
export const FIRST_DAY_MS = Date.UTC(2026, 8, 1)
export const LAST_DAY_MS = Date.UTC(2026, 10, 28)

/**
 * The simulated installation's "now": 2 Dec 2026, 10:00 UTC, four days after its last recorded
 * run (as the demo was first tried). Demo builds read today from it, so "Last 7 days" is the
 * same week on every day the demo is shown or tested, and says "data until 28 Nov 2026".
 */
export const DEMO_NOW_MS = Date.UTC(2026, 11, 2, 10)

/** The ADR's figures cover steps before this instant (2026-11-03 inclusive). */
export const FIGURES_UNTIL_MS = Date.UTC(2026, 10, 4)

/** When the argument check (ADR 246) went live. */
export const ARGUMENT_CHECK_SINCE_MS = Date.UTC(2026, 10, 5, 9)

/**
 * When the demo's admins switched some tools off (`cms-catalogue.ts`); from then on a model that
 * calls one gets a loop-level error, and models now and then call tools no catalogue has.
 */
export const SWITCHED_OFF_SINCE_MS = Date.UTC(2026, 10, 26, 12)

/** An epoch-milliseconds instant as RFC 3339 in UTC (`2026-11-03T14:05:09.120Z`). */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString()
}
