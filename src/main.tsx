import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { ConfigErrorScreen } from './app/config-error-screen'
import { loadRuntimeConfig } from './config/runtime-config'
import './app/styles.css'

async function start() {
  const root = createRoot(document.getElementById('root') ?? document.body)
  const result = await loadRuntimeConfig(`${import.meta.env.BASE_URL}config.json`)
  if (!result.ok) {
    root.render(<ConfigErrorScreen problem={result.problem} />)
    return
  }
  if (__DEMO__) {
    // Only demo builds contain this branch; the production build drops it and the mock with it.
    const { startDemoInstallation } = await import('./mocks/browser')
    await startDemoInstallation({
      baseUrl: result.config.apiBaseUrl,
      scale: result.config.demoScale,
      variant: result.config.demoVariant,
    })
  }
  root.render(
    <StrictMode>
      <App api={{ baseUrl: result.config.apiBaseUrl }} />
    </StrictMode>,
  )
}

void start()
