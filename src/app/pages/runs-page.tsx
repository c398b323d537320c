import { Placeholder } from '../placeholder'

export function RunsPage() {
  return <Placeholder title="Runs" what="the runs behind each count, sortable and exportable." />
}
