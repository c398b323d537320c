import { useMemo } from 'react'
import { useApiConfig, useFoldedSummary, type SummaryRequest } from '@/api'
import type { Meta } from '@/domain/contract'
import {
  createEffectScope,
  type CatalogueFlags,
  type EffectSummary,
  type EffectWindows,
  type FirstRefusal,
} from '@/domain/effect'
import { createScope } from '@/domain/summary'
import { dayOf } from '@/domain/time'

export interface EffectLoad {
  windows: EffectWindows
  tools: readonly string[]
  catalogue: readonly CatalogueFlags[]
}

/**
 * The effect summary of both windows, every `/runs` page folded in as it arrives; cached by
 * its scope (windows, tools, the catalogue's flags). Null input (or windows without data)
 * loads nothing. Pass a memoised `load`: a new object builds the scope again.
 */
export function useEffectSummary(load: EffectLoad | null) {
  const config = useApiConfig()
  const request = useMemo((): SummaryRequest<EffectSummary> | null => {
    if (!load || load.windows.lengthMs <= 0) return null
    const scope = createEffectScope(load.windows, load.tools, load.catalogue)
    return {
      config,
      spec: { kind: 'effect', scope },
    }
  }, [config, load])
  return useFoldedSummary(request)
}

/**
 * The first refused call over all recorded data — loaded only when `enabled` (no decision date
 * in the URL or `/meta`).
 */
export function useFirstRefusal(meta: Meta, enabled: boolean) {
  const config = useApiConfig()
  const first = meta.earliestAt === null ? NaN : Date.parse(meta.earliestAt)
  const last = meta.latestAt === null ? NaN : Date.parse(meta.latestAt)
  const usable = enabled && Number.isFinite(first) && Number.isFinite(last) && first <= last
  const request = useMemo((): SummaryRequest<FirstRefusal> | null => {
    if (!usable) return null
    const scope = createScope({
      from: dayOf(first, 'UTC'),
      to: dayOf(last, 'UTC'),
      tz: 'UTC',
      tools: [],
    })
    return {
      config,
      spec: { kind: 'first-refusal', scope },
    }
  }, [config, usable, first, last])
  return { ...useFoldedSummary(request), usable }
}
