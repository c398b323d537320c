let zoneOfThisBrowser: string | null = null

/**
 * The browser's zone, the default when the URL names none; read once per page. The first read
 * loads the browser's date-format data (about 10 ms), so start-up reads it in a task of its own
 * rather than inside a page's first render.
 */
export const browserZone = (): string =>
  (zoneOfThisBrowser ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')
