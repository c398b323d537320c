import { useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import { zoneParam } from '../domain/filters/zone-param'
import { browserZone } from './browser-zone'
import { PageIntro } from './page-intro'
import type { PageIntroText } from './page-intros'

/**
 * What a page shows while its chunk loads: its own section with the heading and lead (the same
 * markup the page renders first, and the entry painted before React), so nothing flashes when
 * the page arrives and `/meta` is asked for at once rather than after the chunk.
 */
export function PendingPage({ intro }: { intro: PageIntroText }) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const zone = useMemo(() => zoneParam(raw, browserZone()), [raw])
  return (
    <section aria-labelledby={intro.headingId}>
      <PageIntro intro={intro} zone={zone} />
    </section>
  )
}
