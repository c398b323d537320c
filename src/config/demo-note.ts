/**
 * What `npm start` prints under Vite's banner: that the installation is simulated, how big it
 * is, and how to make it bigger. `configText` is public/config.json as read from disk (null
 * when missing); a file that does not parse, or a scale that is not a number, reads as 1.
 */
export function demoNote(configText: string | null): string {
  let scale = 1
  try {
    const parsed: unknown = configText === null ? null : JSON.parse(configText)
    const value =
      parsed !== null && typeof parsed === 'object' && 'demoScale' in parsed
        ? parsed.demoScale
        : undefined
    if (typeof value === 'number' && Number.isFinite(value)) scale = value
  } catch {
    // An unreadable file: the dashboard shows its own error screen; here the default applies.
  }
  return [
    '',
    '  This is the demo: a simulated installation (MSW in the browser), no CMS is read.',
    `  Its size: demoScale ${scale} in public/config.json (1 is about 600 runs; 168 about 100,000).`,
    '  Bigger: set e.g. "demoScale": 40 there and reload the page; "demoVariant": "hostile" or',
    '  "empty" shows hostile data or an installation without runs.',
    '',
  ].join('\n')
}
