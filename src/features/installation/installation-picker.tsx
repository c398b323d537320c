import { useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import type { ListedInstallation } from '@/domain/contract'
import { cmsNameOf } from './cms-name'

export interface InstallationPickerProps {
  list: readonly ListedInstallation[]
  /** The installation shown; undefined for all of them. */
  name: string | undefined
}

/**
 * Picks the installation every page shows, or all of them, on a server over many. The choice is
 * the URL's `installation` (a new history entry); the other parameters stay, but the page of a
 * runs list, which another installation's list does not have.
 */
export function InstallationPicker({ list, name }: InstallationPickerProps) {
  const navigate = useNavigate()
  const id = useId()
  return (
    <p className="installation-picker">
      <label htmlFor={id}>Installation</label>
      <select
        id={id}
        value={name ?? ''}
        onChange={(event) => {
          const next = event.target.value
          void navigate({
            to: '.',
            search: (prev: Record<string, unknown>) => ({
              ...prev,
              installation: next === '' ? undefined : next,
              page: undefined,
            }),
          })
        }}
      >
        <option value="">All installations ({list.length.toLocaleString('en-US')})</option>
        {list.map((entry) => (
          <option key={entry.name} value={entry.name}>
            {cmsNameOf(entry) === null ? entry.name : `${entry.name} — ${cmsNameOf(entry)}`}
          </option>
        ))}
      </select>
    </p>
  )
}
