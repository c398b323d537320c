import type { RateStat } from '@/domain/effect'
import { formatCount } from '@/components/ui/format-count'

/** A count with thousands separators. */
export const num = formatCount

/** A share as a percentage with one decimal; '–' when there is none. */
export const pct = (share: number | null | undefined): string =>
  share === null || share === undefined ? '–' : `${(share * 100).toFixed(1)} %`

/** A change of shares in percentage points, signed; '–' when there is none. */
export const points = (change: number | null): string => {
  if (change === null) return '–'
  const value = (change * 100).toFixed(1)
  return `${change > 0 ? '+' : change < 0 ? '' : '±'}${value === '-0.0' ? '0.0' : value} pp`
}

/** The 95 % Wilson interval of a rate in words, or an empty string without one. */
export const intervalText = (stat: RateStat): string =>
  stat.interval === null
    ? ''
    : `95 % Wilson interval ${pct(stat.interval.low)} to ${pct(stat.interval.high)}`

/** An instant in the zone as `YYYY-MM-DD HH:mm`, with the zone named. */
export function formatWhen(ms: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} (${zone})`
}

/** Days with up to one decimal ("14 days", "23.4 days"). */
export const days = (ms: number): string => {
  const d = Math.round((ms / 86_400_000) * 10) / 10
  return `${d} ${d === 1 ? 'day' : 'days'}`
}
