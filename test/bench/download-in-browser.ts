/**
 * The runs list's CSV as a person downloads it in Chromium: the page's JavaScript heap before
 * the click, at most while the file arrives, and after, beside the file's size. A heap that
 * stays flat while megabytes arrive says the page does not hold the file (decision 0028).
 */
import { statSync } from 'node:fs'
import type { Browser, CDPSession } from 'playwright-core'

export interface DownloadHeap {
  /** The downloaded file's size in bytes. */
  bytes: number
  /** From the click to the file saved (ms). */
  ms: number
  /** The page's used JavaScript heap (MB): after a garbage collection before, at most while, after. */
  heapBefore: number
  heapPeak: number
  heapAfter: number
}

const MB = 1024 * 1024

async function usedHeap(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0) / MB
}

/** Opens `url` (a runs list), waits for its export link, downloads the file and watches the heap. */
export async function downloadInBrowser(
  browser: Browser,
  url: string,
  label: string,
  capMs: number,
): Promise<DownloadHeap> {
  const context = await browser.newContext({ acceptDownloads: true, timezoneId: 'UTC' })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await page.goto(url)
    const link = page.locator('a[download]').filter({ hasText: `${label} (CSV)` })
    await link.waitFor({ timeout: capMs })
    await cdp.send('HeapProfiler.collectGarbage')
    const heapBefore = await usedHeap(cdp)
    let heapPeak = heapBefore
    let watching = true
    const watch = (async () => {
      while (watching) {
        heapPeak = Math.max(heapPeak, await usedHeap(cdp))
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    const started = Date.now()
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: capMs }),
      link.click(),
    ])
    const path = await download.path()
    const ms = Date.now() - started
    watching = false
    await watch
    const heapAfter = await usedHeap(cdp)
    return { bytes: statSync(path).size, ms, heapBefore, heapPeak, heapAfter }
  } finally {
    await context.close()
  }
}
