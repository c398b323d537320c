/**
 * The shell every page sits in, in one place: the product's name, the main navigation, the
 * privacy promise and each page's heading and lead. The React layout and pages render them; Vite
 * writes the same header into index.html ({@link withStaticShell}) and the entry paints the
 * page's intro into it (`paintStaticPage`), so the first paint shows them before any script has
 * run. Plain text only.
 */

export const PRODUCT = 'Run Diagnostics'

/** The main navigation, in order. */
export const NAV = [
  { to: '/', label: 'Overview' },
  { to: '/tools', label: 'Tools' },
  { to: '/runs', label: 'Runs' },
  { to: '/checker', label: 'Checker' },
] as const

/** The promise every page shows under the navigation. */
export const PRIVACY_LINE =
  'This dashboard reads run metadata only: no prompt, argument or result text is ever read.'

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;')

/**
 * `html` (index.html) with the shell's header in its empty `<div id="root"></div>`: the same
 * elements, classes and text as the React layout, with "Starting…" where the installation goes.
 * React replaces it on its first render.
 */
export function withStaticShell(html: string): string {
  const links = NAV.map(
    ({ to, label }) => `<li><a href="${escapeHtml(to)}">${escapeHtml(label)}</a></li>`,
  ).join('')
  const header =
    '<div class="shell"><header class="shell__header">' +
    `<div class="shell__title"><span class="product">${escapeHtml(PRODUCT)}</span>` +
    '<p class="installation">Starting…</p></div>' +
    `<nav aria-label="Main"><ul class="nav">${links}</ul></nav>` +
    `<p class="privacy-line">${escapeHtml(PRIVACY_LINE)}</p></header></div>`
  return html.replace('<div id="root"></div>', `<div id="root">${header}</div>`)
}

/** Each page's heading and lead paragraph. */
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
      'round, and what did it cost?',
    zoneLabel: 'Days are read in',
  },
  '/tools': {
    headingId: 'tools-title',
    title: 'Tools',
    lead:
      'Every tool call of the agent runs in the range, by outcome: succeeded, failed, denied by ' +
      'an editor (it never ran), or refused by the argument check (ADR 246) with its code.',
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
      'The tools the installation knows (and whether it offers each to models now), what each ' +
      'schema lets the argument check (ADR 246) judge, and a playground that shows the answer a ' +
      'model would receive for a call.',
    zoneLabel: null,
  },
} as const satisfies Record<string, PageIntroText>

export type IntroPath = keyof typeof PAGE_INTROS

/** The intro of a page path (one trailing slash allowed), or null for any other path. */
export function introOf(pathname: string): PageIntroText | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
  return Object.hasOwn(PAGE_INTROS, path) ? PAGE_INTROS[path as IntroPath] : null
}
