import { zoneParam } from '../domain/filters/zone-param'
import { introOf } from './page-intros'
import { parseSearch } from './search-params'

/**
 * Paints the page's heading and lead paragraph into index.html's static shell before React has
 * loaded: the same elements, classes and text `PageIntro` renders in the page (a unit test keeps
 * them equal), so the page's largest text appears with the first paint and React's first render
 * replaces it with itself. Only the four pages with fixed intros; any other path, or a shell
 * that already holds a page, is left alone. Text is set as text, never parsed as HTML.
 */
export function paintStaticIntro(
  location: { pathname: string; search: string },
  defaultZone: () => string,
  doc: Document = document,
): boolean {
  const intro = introOf(location.pathname)
  const shell = doc.querySelector('#root > .shell')
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
