/** What "not offered" means, for the tag's tooltip and its screen-reader text alike. */
const MEANING =
  'The CMS does not offer this tool to its agents now: it is switched off, orphaned, or on an MCP server that is disabled, deleted or has no data class. It is listed because the installation knows it; calls made before still count.'

/** The mark of a catalogue tool the CMS does not offer now (`Tool.offered: false`). */
export function NotOfferedTag() {
  return (
    <span className="tag tag--muted" title={MEANING}>
      not offered
    </span>
  )
}
