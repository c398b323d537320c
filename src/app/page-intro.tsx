import type { PageIntroText } from './page-intros'

/** A page's heading and lead paragraph, naming `zone` when the page reads days or times in one. */
export function PageIntro({ intro, zone }: { intro: PageIntroText; zone: string | null }) {
  return (
    <>
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
    </>
  )
}
