import type { ReactNode } from 'react'
import { SavedViews } from '@/features/saved-views'
import { NAV, type PageIntroText } from './shell'

/**
 * A page's section: labelled by its heading, with the lead paragraph (naming `zone` when the
 * page reads days or times in one), "Save view" and "Views" (the page's URL as a named view in
 * this browser), then the page's content. The entry paints the same section, heading and lead
 * before React has loaded (`paintStaticPage`).
 */
export function PageSection({
  intro,
  zone,
  children,
}: {
  intro: PageIntroText
  zone: string | null
  children: ReactNode
}) {
  return (
    <section aria-labelledby={intro.headingId}>
      <h1 id={intro.headingId}>{intro.title}</h1>
      <p className="muted">
        {intro.lead}
        {intro.zoneLabel !== null && zone !== null ? (
          <>
            {` ${intro.zoneLabel} `}
            <strong>{zone}</strong>.
          </>
        ) : null}
      </p>
      <SavedViews pages={NAV} />
      {children}
    </section>
  )
}
