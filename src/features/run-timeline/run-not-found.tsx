import { Link } from '@tanstack/react-router'

export interface RunNotFoundProps {
  uuid: string
  /** `/meta`'s retentionDays: null when runs are kept forever; undefined while unknown. */
  retentionDays: number | null | undefined
  backSearch: Record<string, string | string[]>
}

/** An unknown or purged run (HTTP 404): what that means on this installation, and a way back. */
export function RunNotFound({ uuid, retentionDays, backSearch }: RunNotFoundProps) {
  const retention =
    retentionDays === undefined
      ? 'The retention policy of this installation could not be read.'
      : retentionDays === null
        ? 'This installation keeps runs forever, so the link is probably wrong.'
        : `This installation keeps runs for ${retentionDays} day${retentionDays === 1 ? '' : 's'}.`
  return (
    <section className="state state--error run-not-found" aria-labelledby="run-missing-title">
      <h1 id="run-missing-title">Run not found</h1>
      <p>This run does not exist or was removed by the retention policy.</p>
      <p>
        Run{' '}
        <span className="truncate run-header__uuid" title={uuid}>
          {uuid}
        </span>
        . {retention}
      </p>
      <Link to="/runs" search={backSearch}>
        Back to the runs list
      </Link>
    </section>
  )
}
