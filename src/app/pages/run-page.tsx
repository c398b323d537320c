import { useParams } from '@tanstack/react-router'
import { Placeholder } from '../placeholder'

export function RunPage() {
  const { uuid } = useParams({ from: '/runs/$uuid' })
  return <Placeholder title={`Run ${uuid}`} what="this run's timeline, round by round." />
}
