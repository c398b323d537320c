import { describeApiError } from '../api'
import { ErrorState, LoadingState } from '../components/ui/states'

/** The parts of a query result the states read (a TanStack Query result fits). */
interface QueryLike {
  isError: boolean
  isPending: boolean
  error: unknown
  refetch: () => unknown
}

export interface InstallationStatesProps {
  meta: QueryLike
  /** The tool catalogue; its errors are shown unless `catalogueErrors` is false. */
  catalogue?: QueryLike & { data?: { builtinListed?: boolean } }
  /** Why this page needs the catalogue, appended to its error ("Savings need its flags."). */
  catalogueNeed?: string
  /** False where the page shows the catalogue's errors itself. */
  catalogueErrors?: boolean
  /**
   * What this page cannot do without the built-in tools: given, the page says so when the
   * installation lists none (an API server started without `--tools`).
   */
  builtinNeed?: string
}

/**
 * What every page shows while `/meta` loads, or when it or the tool catalogue failed, and where
 * the page needs them, that the catalogue lacks the built-in tools.
 */
export function InstallationStates({
  meta,
  catalogue,
  catalogueNeed,
  catalogueErrors = true,
  builtinNeed,
}: InstallationStatesProps) {
  return (
    <>
      {meta.isError ? (
        <ErrorState
          title="The installation could not be read"
          message={describeApiError(meta.error)}
          onRetry={() => void meta.refetch()}
        />
      ) : null}
      {catalogue?.isError && catalogueErrors ? (
        <ErrorState
          title="The tool catalogue could not be read"
          message={`${describeApiError(catalogue.error)}${catalogueNeed ? ` ${catalogueNeed}` : ''}`}
          onRetry={() => void catalogue.refetch()}
        />
      ) : null}
      {builtinNeed !== undefined && catalogue?.data?.builtinListed === false ? (
        <div className="state state--partial" role="note">
          <strong>The installation lists no built-in tools</strong>
          <p>
            Its API server was started without the built-in catalogue (<code>--tools</code>), so
            only MCP tools are listed. {builtinNeed}
          </p>
        </div>
      ) : null}
      {meta.isPending ? <LoadingState label="Reading the installation" /> : null}
    </>
  )
}
