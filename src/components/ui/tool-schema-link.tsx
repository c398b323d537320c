import { Link } from '@tanstack/react-router'
import type { UrlSearch } from '@/domain/filters'
import { NameText } from './name-text'

export interface ToolSchemaLinkProps {
  /** The tool's name as the server sent it: any text, shown as text. */
  name: string
  /** The checker's search that opens this tool: `checkerSearch(…, name)`. */
  search: UrlSearch
  /**
   * Whether the tool catalogue offers the tool now. A tool it lacks has no schema to open: its
   * name stays text, marked so. Null while the catalogue is not known (loading, failed): text.
   */
  inCatalogue: boolean | null
  /** The id of the page's {@link ToolSchemaHint}, which says where the link leads. */
  hintId?: string
  /** The name's class: `truncate` (cut with the full name in the title) unless told. */
  className?: string
}

/**
 * A tool's name as a link to its schema and playground on the checker, or as text with a
 * "not in the catalogue" mark for a tool the catalogue no longer offers.
 */
export function ToolSchemaLink({
  name,
  search,
  inCatalogue,
  hintId,
  className = 'truncate',
}: ToolSchemaLinkProps) {
  if (inCatalogue === true) {
    return (
      <Link
        to="/checker"
        search={search}
        className={className}
        title={name}
        aria-describedby={hintId}
      >
        <NameText name={name} />
      </Link>
    )
  }
  return (
    <>
      <span className={className} title={name}>
        <NameText name={name} />
      </span>
      {inCatalogue === false ? (
        <span
          className="tag"
          title="The tool catalogue does not offer this tool now: the checker has no schema of it"
        >
          not in the catalogue
        </span>
      ) : null}
    </>
  )
}

/** Said of every tool name link of a table or section: where it leads (no visible text). */
export function ToolSchemaHint({ id }: { id: string }) {
  return (
    <span id={id} hidden>
      Opens the tool&apos;s schema and playground on the checker.
    </span>
  )
}
