import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[] }[]
}

/** The WCAG A/AA rules that read colours: all a second colour scheme of the same page can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Runs axe-core (WCAG 2.x A/AA rules and best practice, or with `colours` only the rules that
 * read colours) in the page and returns its violations as lines.
 */
export async function axeViolations(
  page: Page,
  rules: 'all' | 'colours' = 'all',
): Promise<string[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
  await page.evaluate(source)
  const runOnly =
    rules === 'colours'
      ? { type: 'rule', values: COLOUR_RULES }
      : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }
  const violations = await page.evaluate(async (only) => {
    const axe = (
      window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe
    const result = await axe.run({ runOnly: only })
    return result.violations
  }, runOnly)
  return (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes
        .map((n) => JSON.stringify(n.target))
        .slice(0, 3)
        .join(', ')}`,
  )
}

/**
 * axe in the light colour scheme, then the colour rules again in the dark one, on the same page:
 * the second scheme changes colours only. A screenshot of each scheme is taken by `shoot`.
 */
export async function axeBothSchemes(
  page: Page,
  shoot: (scheme: 'light' | 'dark') => Promise<unknown>,
): Promise<{ light: string[]; dark: string[] }> {
  await page.emulateMedia({ colorScheme: 'light' })
  await shoot('light')
  const light = await axeViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await shoot('dark')
  const dark = await axeViolations(page, 'colours')
  return { light, dark }
}
