import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { WorkerRunner } from './api'
import { App } from './app/app'
import { ConfigErrorScreen } from './app/config-error-screen'
import { loadRuntimeConfig, type RuntimeConfig } from './config/runtime-config'
import './app/styles.css'

/**
 * Loads of runs go to a Web Worker so parsing and folding never block the page; without Worker
 * support they run on the page (the store's default). A demo worker serves its own copy of the
 * simulated installation.
 */
function startLoadWorker(config: RuntimeConfig): WorkerRunner | undefined {
  if (typeof Worker === 'undefined') return undefined
  try {
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), {
      type: 'module',
      name: 'runs-loader',
    })
    const demo = __DEMO__
      ? {
          baseUrl: new URL(config.apiBaseUrl, window.location.href).toString(),
          scale: config.demoScale,
          variant: config.demoVariant,
          summaryEndpoint: config.demoSummaryEndpoint,
        }
      : null
    return new WorkerRunner(worker, demo)
  } catch {
    return undefined
  }
}

async function start() {
  const root = createRoot(document.getElementById('root') ?? document.body)
  const result = await loadRuntimeConfig(`${import.meta.env.BASE_URL}config.json`)
  if (!result.ok) {
    root.render(<ConfigErrorScreen problem={result.problem} />)
    return
  }
  const loads = startLoadWorker(result.config)
  if (__DEMO__) {
    // Only demo builds contain this branch; the production build drops it and the mock with it.
    const { startDemoInstallation } = await import('./mocks/browser')
    await startDemoInstallation({
      baseUrl: result.config.apiBaseUrl,
      scale: result.config.demoScale,
      variant: result.config.demoVariant,
      summaryEndpoint: result.config.demoSummaryEndpoint,
      forward: loads && ((url) => loads.fetchDemo(url)),
    })
  }
  root.render(
    <StrictMode>
      <App
        api={{ baseUrl: result.config.apiBaseUrl, timeoutMs: result.config.apiTimeoutMs }}
        loads={loads}
      />
    </StrictMode>,
  )
}

void start()
