import { QueryClient, QueryClientContext } from '@tanstack/react-query'
import { useContext } from 'react'
import { registerQueryClient, STALE_MS } from './loader'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Content and plans change with an import, rarely: five minutes of reuse keeps navigation instant.
        staleTime: STALE_MS,
        gcTime: STALE_MS,
        // A failed read is shown with its own retry button.
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}

/**
 * The one client of the app. This module (and TanStack Query with it) is not part of the first
 * load: it arrives with the first lazy chunk whose hooks import it, or by `loadQueryClient()`.
 */
export const queryClient = createQueryClient()
queryClient.mount()
registerQueryClient(queryClient)

/**
 * The client for a hook: a surrounding `QueryClientProvider` (tests give each test its own),
 * else the app's one client. App does not wrap the routes in a provider: inserting one when the
 * lazy client arrives would remount the whole page.
 */
export function useAppQueryClient(): QueryClient {
  return useContext(QueryClientContext) ?? queryClient
}
