import './app/styles.css'
import { browserZone } from './app/browser-zone'
import { askFirstRequests } from './app/early-requests'
import { nextTask } from './app/next-task'
import { paintStaticPage } from './app/static-page'

/*
 * Start-up in short tasks (decision 0011). The entry holds almost no code: React DOM, the config
 * schema and the app are each evaluated in a task of their own (their chunks are all preloaded
 * first, so this costs no round trips), and the first render is a transition. config.json is
 * requested at once, and the API's first requests as soon as it names the API (decision 0030).
 */

/** Starts downloading every stage's chunk at once (the build lists them in a meta tag). */
function preloadStages(): void {
  const list = document.querySelector('meta[name="stage-chunks"]')?.getAttribute('content') ?? ''
  for (const href of list.split(' ').filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
}

/**
 * Resolves once the browser has painted what is on the page (a frame, then a task), or after
 * 100 ms at the latest: a hidden tab draws no frames and must not wait for one.
 */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0))
    setTimeout(resolve, 100)
  })

async function start() {
  const configUrl = `${import.meta.env.BASE_URL}config.json`
  const configResponse = fetch(configUrl, { credentials: 'same-origin', cache: 'no-cache' })
  // A failed request is reported where the response is read, by loadRuntimeConfig.
  configResponse.catch(() => undefined)
  // A demo's API answers inside the page, once its worker runs: nothing to ask before.
  if (!__DEMO__) askFirstRequests(configResponse, configUrl, window.location, browserZone)
  // The page's heading and lead go on screen first, before any chunk is even requested.
  paintStaticPage(window.location, browserZone)
  await afterPaint()
  preloadStages()
  const { createRoot } = await import('react-dom/client')
  const root = createRoot(document.getElementById('root') ?? document.body)
  await nextTask()
  const { loadRuntimeConfig } = await import('./config/runtime-config')
  const result = await loadRuntimeConfig(configUrl, () => configResponse)
  await nextTask()
  const { boot } = await import('./app/boot')
  await nextTask()
  await boot(root, result)
}

void start()
