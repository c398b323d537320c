// The rule's own module, not `domain/filters`: the entry stays a few kB.
import { zoneParam } from '../domain/filters/zone-param'
import { introOf } from './shell'
import { parseSearch } from './search-params'

/**
 * Paints the page's heading and lead paragraph into index.html's static shell before React has
 * loaded, and marks the navigation's current link: the same elements, classes and text
 * `PageSection` renders (a unit test keeps them equal), so the page's largest text appears with
 * the first paint and React's first render replaces it with itself. Only the four pages with
 * fixed intros; any other path, or a shell that already holds a page, is left alone. Text is set
 * as text, never parsed as HTML.
 */
export function paintStaticPage(
  location: { pathname: string; search: string },
  defaultZone: () => string,
  doc: Document = document,
): boolean {
  const intro = introOf(location.pathname)
  const shell = doc.querySelector('#root > .shell')
  if (shell !== null) markCurrentLink(shell, location.pathname)
  if (intro === null || shell === null || shell.querySelector('main') !== null) return false
  const main = doc.createElement('main')
  main.id = 'main'
  main.className = 'shell__main'
  main.tabIndex = -1
  const section = doc.createElement('section')
  section.setAttribute('aria-labelledby', intro.headingId)
  const heading = doc.createElement('h1')
  heading.id = intro.headingId
  heading.textContent = intro.title
  const lead = doc.createElement('p')
  lead.className = 'muted'
  lead.textContent = intro.lead
  // The zone is painted with the lead, although reading it is the page's first use of Intl (the
  // browser's date data, 115–155 ms at a 4× slowed CPU): a lead that grew after its first paint
  // would make React's equal copy of it a larger, later "largest contentful paint" (1.5 s later
  // on a phone, decision 0011).
  if (intro.zoneLabel !== null) {
    const zone = doc.createElement('strong')
    zone.textContent = zoneParam(parseSearch(location.search), defaultZone())
    lead.append(` ${intro.zoneLabel} `, zone, '.')
  }
  section.append(heading, lead)
  main.append(section)
  shell.append(main)
  return true
}

/**
 * Marks the static navigation's link to the current page as React's layout will (`/` only on
 * itself, every other link on its path and below), so the header does not change when React
 * takes over.
 */
function markCurrentLink(shell: Element, pathname: string): void {
  for (const link of shell.querySelectorAll('nav a[href]')) {
    const href = link.getAttribute('href') ?? ''
    const current =
      href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`)
    if (current) link.setAttribute('aria-current', 'page')
    else link.removeAttribute('aria-current')
  }
}
