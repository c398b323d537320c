import { ErrorState } from '../components/ui/states'
import { describeApiError } from '../api'

/** Shown when a page throws while rendering: the shell stays, the page says what broke. */
export function RouteError({ error, reset }: { error: unknown; reset?: () => void }) {
  return (
    <ErrorState
      title="This page could not be shown"
      message={describeApiError(error)}
      onRetry={reset}
    />
  )
}

export function NotFoundPage() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>There is no page at this address. Use the navigation above to go on.</p>
    </section>
  )
}
