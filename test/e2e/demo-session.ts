import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { startServer, type RunningServer, type ServerOptions } from '@/server/static/serve'
import {
  launchBrowser,
  openPage,
  requireBuild,
  type OpenPageOptions,
  type ProbedPage,
} from './browser'

export interface DemoSession {
  readonly browser: Browser
  /** The served build's base URL (ends with `/`). */
  readonly url: string
  /** Opens `path` (such as `/tools?tz=UTC`) on the served build; closed after the test. */
  open(path: string, options?: OpenPageOptions): Promise<ProbedPage>
  /** A page opened another way (such as `openWith`), closed after the test too. */
  closeAfterTest(probe: ProbedPage): ProbedPage
}

/**
 * What most browser test files set up alike, registered as the file's hooks: a build served
 * (the demo's unless `build` says otherwise; the strict CSP with `csp: true`), one Chromium for
 * the file, and every page a test opened closed after that test.
 */
export function demoSession(
  options: Omit<ServerOptions, 'dir'> & { build?: 'dist-demo' | 'dist' } = {},
): DemoSession {
  const { build = 'dist-demo', ...serve } = options
  let browser: Browser | undefined
  let server: RunningServer | undefined
  const opened: ProbedPage[] = []
  beforeAll(async () => {
    server = await startServer({ ...serve, dir: requireBuild(build) })
    browser = await launchBrowser()
  })
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((probe) => probe.close()))
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  const ready = () => {
    if (browser === undefined || server === undefined) throw new Error('beforeAll did not finish')
    return { browser, server }
  }
  return {
    get browser() {
      return ready().browser
    },
    get url() {
      return ready().server.url
    },
    async open(path, pageOptions) {
      const { browser, server } = ready()
      return this.closeAfterTest(
        await openPage(browser, new URL(path, server.url).toString(), pageOptions),
      )
    },
    closeAfterTest(probe) {
      opened.push(probe)
      return probe
    },
  }
}
