import { useQuery } from '@tanstack/react-query'
import { metaQuery, useApiConfig } from '../../api'

/** The installation's `/meta`, shared by every page through the query cache. */
export function useMeta() {
  const config = useApiConfig()
  return useQuery(metaQuery(config))
}
