import { createContext, use, type ReactNode } from 'react'
import { parseRuntimeConfig, type RuntimeConfig } from './config'

const ConfigContext = createContext<RuntimeConfig>(parseRuntimeConfig({}, ''))

export function ConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <ConfigContext value={config}>{children}</ConfigContext>
}

export function useConfig(): RuntimeConfig {
  return use(ConfigContext)
}
