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
  catalogue?: QueryLike
  /** Why this page needs the catalogue, appended to its error ("Savings need its flags."). */
  catalogueNeed?: string
}

/** What every page shows while `/meta` loads, or when it or the tool catalogue failed. */
export function InstallationStates({ meta, catalogue, catalogueNeed }: InstallationStatesProps) {
  return (
    <>
      {meta.isError ? (
        <ErrorState
          title="The installation could not be read"
          message={describeApiError(meta.error)}
          onRetry={() => void meta.refetch()}
        />
      ) : null}
      {catalogue?.isError ? (
        <ErrorState
          title="The tool catalogue could not be read"
          message={`${describeApiError(catalogue.error)}${catalogueNeed ? ` ${catalogueNeed}` : ''}`}
          onRetry={() => void catalogue.refetch()}
        />
      ) : null}
      {meta.isPending ? <LoadingState label="Reading the installation" /> : null}
    </>
  )
}
