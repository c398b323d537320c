import './app/styles.css'

/**
 * The entry holds no code of its own: the dashboard's modules are evaluated one group per task
 * (React, then the config schema, then the app), each a short task, so start-up never blocks the
 * page for long (issue 8: no main-thread task over 50 ms). config.json is requested at once, while
 * the modules arrive.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function start() {
  const configUrl = `${import.meta.env.BASE_URL}config.json`
  const configResponse = fetch(configUrl, { credentials: 'same-origin', cache: 'no-cache' })
  // Rejected before anyone awaits it (no network): handled where it is read.
  configResponse.catch(() => undefined)
  const { createRoot } = await import('react-dom/client')
  const root = createRoot(document.getElementById('root') ?? document.body)
  await nextTask()
  const { loadRuntimeConfig } = await import('./config/runtime-config')
  const result = await loadRuntimeConfig(configUrl, () => configResponse)
  await nextTask()
  const { boot } = await import('./app/boot')
  await boot(root, result)
}

void start()
