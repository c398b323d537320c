/** Shown instead of the app when config.json exists but cannot be used. */
export function ConfigErrorScreen({ problem }: { problem: string }) {
  return (
    <main className="config-error" role="alert">
      <h1>Run Diagnostics cannot start</h1>
      <p>{problem}</p>
      <p>
        Fix <code>config.json</code> beside <code>index.html</code> (for example{' '}
        <code>{'{ "apiBaseUrl": "/api/diagnostics/v1" }'}</code>) or remove it to use the defaults,
        then reload.
      </p>
    </main>
  )
}
