import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/** The repository root, wherever the tests are started from. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Screenshots and other artefacts of browser tests (gitignored). */
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results')

/** Debian's Chromium; `CHROMIUM_PATH` points elsewhere on other machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Headless Chromium without anything that talks to Google or leaves state behind; Playwright
 * gives every launch a fresh, temporary user-data dir.
 */
/** The flags every headless Chromium of the tests and measurements runs with. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
] as const

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: apt-get install chromium (or set CHROMIUM_PATH).`,
    )
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })
}

/** The absolute path of a build folder (`dist`, `dist-demo`); throws when it was not built. */
export function requireBuild(name: 'dist' | 'dist-demo'): string {
  const dir = path.join(REPO_ROOT, name)
  if (!existsSync(path.join(dir, 'index.html'))) {
    const command = name === 'dist' ? 'npx vite build' : 'npx vite build --mode demo'
    throw new Error(`${name}/index.html is missing: run \`${command}\` before the browser tests.`)
  }
  return dir
}

export interface ConsoleEntry {
  text: string
  /** The script or resource the message points at, when Chromium names one. */
  url: string
}

export interface CspViolation {
  directive: string
  blockedUri: string
  sourceFile: string
}

/** A page in its own fresh context, with everything that went wrong on it so far. */
export interface ProbedPage {
  page: Page
  context: BrowserContext
  /** `console.error` calls and Chromium's own error messages (failed loads, CSP reports). */
  consoleErrors: ConsoleEntry[]
  /** Uncaught exceptions and unhandled rejections in the page. */
  pageErrors: string[]
  /** Requests that got no response at all: `METHOD url — reason`. */
  failedRequests: string[]
  /** Responses with a status of 400 or more: `status METHOD url`. */
  errorResponses: string[]
  /** `securitypolicyviolation` events, reported from inside the page. */
  cspViolations: CspViolation[]
  close(): Promise<void>
}

export interface OpenPageOptions {
  /** Passed to `page.goto`; defaults to `load`. */
  waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit'
  viewport?: { width: number; height: number }
}

const CSP_PROBE = `
document.addEventListener('securitypolicyviolation', (event) => {
  window.__reportCspViolation?.({
    directive: event.effectiveDirective,
    blockedUri: event.blockedURI,
    sourceFile: event.sourceFile,
  })
})
`

/**
 * Opens `url` in a new browser context (own storage and service workers) and starts collecting
 * console errors, page errors, failed requests, error responses and CSP violations into arrays
 * a test can assert on. Collection starts before the first request, so nothing is missed.
 */
export async function openPage(
  browser: Browser,
  url: string,
  options: OpenPageOptions = {},
): Promise<ProbedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'UTC',
    serviceWorkers: 'allow',
  })
  const probed: ProbedPage = {
    page: await context.newPage(),
    context,
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    errorResponses: [],
    cspViolations: [],
    close: () => context.close(),
  }
  await context.exposeFunction('__reportCspViolation', (violation: CspViolation) => {
    probed.cspViolations.push(violation)
  })
  await context.addInitScript({ content: CSP_PROBE })

  const { page } = probed
  page.on('console', (message) => {
    if (message.type() === 'error') {
      probed.consoleErrors.push({ text: message.text(), url: message.location().url })
    }
  })
  page.on('pageerror', (error) => {
    probed.pageErrors.push(error.stack ?? `${error.name}: ${error.message}`)
  })
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'unknown'
    probed.failedRequests.push(`${request.method()} ${request.url()} — ${reason}`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) {
      probed.errorResponses.push(
        `${response.status()} ${response.request().method()} ${response.url()}`,
      )
    }
  })

  await page.goto(url, { waitUntil: options.waitUntil ?? 'load' })
  return probed
}

/** Saves a full-page PNG as `test-results/<name>.png` and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true })
  const file = path.join(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}
