import { setupWorker } from 'msw/browser'
import { DEFAULT_SEED } from './installation'
// Not './handlers': its index builds the default installation as soon as it is imported.
import { createHandlers, DEFAULT_BASE_URL } from './handlers/create-handlers'
import { createVariantInstallation, type DemoVariant } from './variants'

/** The mock API in the browser; {@link startMockWorker} gives it its handlers. */
export const worker = setupWorker()

export interface StartMockWorkerOptions {
  /** The API base URL the app is configured with (default `/api/diagnostics/v1`). */
  baseUrl?: string
  /** Build a different installation (e.g. `scale: 170` for about 100,000 runs). */
  seed?: number
  scale?: number
  /** Serve another installation: `hostile` (the hostile corpus as names) or `empty`. */
  variant?: DemoVariant
  /** Where `msw init` put the worker script (default `<BASE_URL>mockServiceWorker.js`). */
  serviceWorkerUrl?: string
  /** Log every intercepted request to the console (default false). */
  verbose?: boolean
  /** Also serve the optional pre-aggregated `/summary` (decision 0008); default false. */
  summaryEndpoint?: boolean
}

/** Starts the worker; other requests (config.json, assets) pass through untouched. */
export async function startMockWorker(options: StartMockWorkerOptions = {}): Promise<void> {
  const {
    baseUrl = DEFAULT_BASE_URL,
    seed = DEFAULT_SEED,
    scale = 1,
    variant = 'default',
  } = options
  const installation = createVariantInstallation(variant, { seed, scale })
  const summaryEndpoint = options.summaryEndpoint ?? false
  // The huge runs (decision 0020) are built only when asked for by uuid: the other pages never see them.
  worker.resetHandlers(
    ...createHandlers({ baseUrl, installation, summaryEndpoint, hugeRuns: true }),
  )
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: options.verbose !== true,
    serviceWorker: {
      url: options.serviceWorkerUrl ?? `${import.meta.env.BASE_URL}mockServiceWorker.js`,
    },
  })
}

/** The name `src/app/boot.tsx` starts the demo with; the same as {@link startMockWorker}. */
export const startDemoInstallation = startMockWorker
