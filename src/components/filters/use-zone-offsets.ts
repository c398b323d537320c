import { useEffect, useState } from 'react'
import { utcOffsetLabel } from '@/domain/time/utc-offset-label'

/** Zones whose offsets are worked out in one task: a few ms, however slow the first Intl call. */
const ZONES_PER_TASK = 40
/** Offsets are read again after this long (a transition may have passed). */
const FRESH_MS = 15 * 60_000

export interface ZoneOffsets {
  zones: readonly string[]
  /** The instant the offsets are of. */
  at: number
  /** `UTC+05:30` per zone of `zones`. */
  labels: ReadonlyMap<string, string>
}

/** The last offsets worked out, for the next picker (each page has its own filter bar). */
let lastKnown: ZoneOffsets | null = null

/**
 * The UTC offset of each of `zones` now, for labels, worked out while `active`: the first read
 * of a zone creates its Intl formatter (50 ms for all 418 in Chromium on the shared 2-core
 * machine), so it runs in short tasks and the labels arrive together once all are known. Null
 * until then; read again when a quarter of an hour old.
 */
export function useZoneOffsets(zones: readonly string[], active: boolean): ZoneOffsets | null {
  const [offsets, setOffsets] = useState<ZoneOffsets | null>(() => lastKnown)
  useEffect(() => {
    if (!active) return
    const now = Date.now()
    if (offsets !== null && offsets.zones === zones && now - offsets.at < FRESH_MS) return
    const labels = new Map<string, string>()
    let done = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const step = () => {
      for (const zone of zones.slice(done, done + ZONES_PER_TASK)) {
        labels.set(zone, utcOffsetLabel(zone, now))
      }
      done += ZONES_PER_TASK
      if (done < zones.length) {
        timer = setTimeout(step, 0)
        return
      }
      lastKnown = { zones, at: now, labels }
      setOffsets(lastKnown)
    }
    timer = setTimeout(step, 0)
    return () => clearTimeout(timer)
  }, [zones, active, offsets])
  return offsets
}
