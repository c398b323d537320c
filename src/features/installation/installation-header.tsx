import { describeApiError, useMeta } from '@/api'
import { privacyLevelLabel } from '@/domain/privacy'

/** The installation's name and privacy level, in words, for the page header. */
export function InstallationHeader() {
  const meta = useMeta()
  if (meta.isPending) {
    return (
      <p className="installation" role="status">
        Connecting to the installation…
      </p>
    )
  }
  if (meta.isError) {
    return (
      <p className="installation installation--error" role="alert">
        {describeApiError(meta.error)}{' '}
        <button type="button" onClick={() => void meta.refetch()}>
          Retry
        </button>
      </p>
    )
  }
  return (
    <p className="installation">
      <span className="installation__name" title={meta.data.installation}>
        {meta.data.installation}
      </span>
      <span className="badge" title="The level run steps are stored at on this installation">
        <span className="badge__label">Privacy level: </span>
        {privacyLevelLabel(meta.data.privacyLevel)}
      </span>
    </p>
  )
}
