import { Link, useSearch } from '@tanstack/react-router'
import { EmptyState } from '@/components/ui/states'
import type { ListedInstallation } from '@/domain/contract'
import { cmsNameOf } from './cms-name'

/**
 * The runs page for all installations of a server over many: runs are listed one installation
 * at a time (a run belongs to one, and its list is sorted and paged there), so the page offers
 * each installation's list with the page's other parameters kept. Names are the server's, shown
 * as text.
 */
export function RunsPerInstallation({ list }: { list: readonly ListedInstallation[] }) {
  const search = useSearch({ strict: false }) as Record<string, string | string[]>
  const kept = Object.fromEntries(Object.entries(search).filter(([key]) => key !== 'page'))
  return (
    <EmptyState title="Runs are listed one installation at a time">
      <p>
        The tool report and the overview sum every installation; a run belongs to one. Pick the
        installation whose runs to list:
      </p>
      <ul>
        {list.map((entry) => (
          <li key={entry.name}>
            <Link to="/runs" search={{ ...kept, installation: entry.name }}>
              {entry.name}
            </Link>
            {cmsNameOf(entry) === null ? '' : ` — ${cmsNameOf(entry)}`}
          </li>
        ))}
      </ul>
    </EmptyState>
  )
}
