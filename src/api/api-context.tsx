import { createContext, useContext, type ReactNode } from 'react'
import type { ApiConfig } from './request'

const ApiConfigContext = createContext<ApiConfig | null>(null)

export function ApiConfigProvider({
  config,
  children,
}: {
  config: ApiConfig
  children: ReactNode
}) {
  return <ApiConfigContext.Provider value={config}>{children}</ApiConfigContext.Provider>
}

/** The API configuration of this installation; throws outside the provider (a wiring bug). */
export function useApiConfig(): ApiConfig {
  const config = useContext(ApiConfigContext)
  if (!config) throw new Error('useApiConfig needs an ApiConfigProvider above it')
  return config
}
