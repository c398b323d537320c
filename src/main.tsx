import './app/styles.css'
import { browserZone } from './app/browser-zone'
import { paintStaticPage } from './app/static-page'

/**
 * Resolves once the browser has painted what is on the page (a frame, then a task), or after
 * 100 ms at the latest: a hidden tab draws no frames and must not wait for one.
 */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0))
    setTimeout(resolve, 100)
  })

/**
 * Start-up: config.json is requested at once and the page's heading and lead are painted into
 * index.html's static shell; after that first paint, React, the config schema and the app load
 * in parallel, each chunk evaluated as it arrives (decision 0011), and `boot` renders.
 */
async function start() {
  const configUrl = `${import.meta.env.BASE_URL}config.json`
  const configResponse = fetch(configUrl, { credentials: 'same-origin', cache: 'no-cache' })
  // A failed request is reported where the response is read, by loadRuntimeConfig.
  configResponse.catch(() => undefined)
  paintStaticPage(window.location, browserZone)
  await afterPaint()
  const [{ createRoot }, { loadRuntimeConfig }, { boot }] = await Promise.all([
    import('react-dom/client'),
    import('./config/runtime-config'),
    import('./app/boot'),
  ])
  const root = createRoot(document.getElementById('root') ?? document.body)
  await boot(root, await loadRuntimeConfig(configUrl, () => configResponse))
}

void start()
