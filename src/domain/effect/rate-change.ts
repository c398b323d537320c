import { wilsonInterval, type Interval } from '../stats'

/** A share with its n and 95 % Wilson interval; rate and interval null when n is 0. */
export interface RateStat {
  events: number
  n: number
  rate: number | null
  interval: Interval | null
}

/** A rate before and after the decision date. */
export interface RateChange {
  before: RateStat
  after: RateStat
  /** after − before (a difference of shares); null when either side has no n. */
  change: number | null
  /** True when the two 95 % intervals do not overlap: a change beyond the noise. */
  beyondIntervals: boolean
}

/** `events` out of `n`; n = 0 gives a null rate and interval. */
export function rateStat(events: number, n: number): RateStat {
  return { events, n, rate: n > 0 ? events / n : null, interval: wilsonInterval(events, n) }
}

/**
 * Before against after. `change` is null unless both have an n; `beyondIntervals` is false unless
 * both intervals exist and are disjoint.
 */
export function rateChange(before: RateStat, after: RateStat): RateChange {
  const change = before.rate === null || after.rate === null ? null : after.rate - before.rate
  const a = before.interval
  const b = after.interval
  const beyondIntervals = a !== null && b !== null && (a.high < b.low || b.high < a.low)
  return { before, after, change, beyondIntervals }
}
