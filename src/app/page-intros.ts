/**
 * Each page's heading and lead paragraph, in one place: React renders them with the page
 * (`PageSection`), and the entry paints them before React has loaded (`paintStaticPage`), so the
 * page's largest text is on screen with the first paint. Plain text only.
 */
export interface PageIntroText {
  /** The id of the heading, which labels the page's section. */
  headingId: string
  title: string
  lead: string
  /** The words before the zone the page's days or times are read in; null when it names none. */
  zoneLabel: string | null
}

export const PAGE_INTROS = {
  '/': {
    headingId: 'overview-title',
    title: 'Overview: the effect of the argument check',
    lead:
      'Did ADR 246 turn failures nobody could act on into refusals the model corrects in one ' +
      'round, and what did it cost? Tool calls in equal windows before and after the decision ' +
      'date, for the selected tools; the chart follows the date range.',
    zoneLabel: 'Days are read in',
  },
  '/tools': {
    headingId: 'tools-title',
    title: 'Tools',
    lead:
      'Every tool call of the agent runs in the range, by outcome: succeeded, failed, or refused ' +
      'by the argument check (ADR 246) with its code.',
    zoneLabel: 'Days are read in',
  },
  '/runs': {
    headingId: 'runs-title',
    title: 'Runs',
    lead:
      'The runs behind the counts: one row per run with a step in the range, its counted tool ' +
      'calls by outcome, newest first. Open a run for its timeline, round by round.',
    zoneLabel: 'Times are shown in',
  },
  '/checker': {
    headingId: 'checker-title',
    title: 'Checker',
    lead:
      'The tools offered to models, what each schema lets the argument check (ADR 246) judge, ' +
      'and a playground that shows the answer a model would receive for a call.',
    zoneLabel: null,
  },
} as const satisfies Record<string, PageIntroText>

export type IntroPath = keyof typeof PAGE_INTROS

/** The intro of a page path (one trailing slash allowed), or null for any other path. */
export function introOf(pathname: string): PageIntroText | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
  return Object.hasOwn(PAGE_INTROS, path) ? PAGE_INTROS[path as IntroPath] : null
}
