import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * The first-load side of the query cache: no TanStack code here (it would cost ~12 KB of the
 * 100 KB budget of `/`). `query-client.ts`, which holds the client, arrives lazily: with the
 * first chunk whose hooks use it, or through `loadQueryClient()` after the first paint.
 * Answers known before then (the server's embedded page data) wait in `seeds` and move into
 * the client's cache when it registers; until then `knownQueryData` reads them there.
 */
let client: QueryClient | undefined
let loading: Promise<QueryClient> | undefined
const seeds = new Map<string, { queryKey: QueryKey; data: unknown; at: number }>()

/** How long an answer is reused (query-client.ts's staleTime; kept here to stay out of its chunk). */
export const STALE_MS = 5 * 60_000

const hash = (queryKey: QueryKey) => JSON.stringify(queryKey)

/** Called once by query-client.ts when it is evaluated. */
export function registerQueryClient(registered: QueryClient): void {
  client = registered
  for (const { queryKey, data, at } of seeds.values()) registered.setQueryData(queryKey, data, { updatedAt: at })
  seeds.clear()
}

/** The client, loading its module if nothing has yet. The same promise every time (React's `use`). */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= client ? Promise.resolve(client) : import('./query-client').then((module) => module.queryClient)
  return loading
}

/** The client if it has arrived. */
export function loadedQueryClient(): QueryClient | undefined {
  return client
}

/** Puts an answer known without asking (the page data block) in the cache, now or when the client arrives. */
export function seedQueryData(queryKey: QueryKey, data: unknown): void {
  if (client) client.setQueryData(queryKey, data)
  else seeds.set(hash(queryKey), { queryKey, data, at: Date.now() })
}

/** A cached (or seeded) answer, without loading anything; the cache's may be stale. */
export function knownQueryData<T>(queryKey: QueryKey): T | undefined {
  if (client) return client.getQueryData<T>(queryKey)
  const seed = seeds.get(hash(queryKey))
  return seed && Date.now() - seed.at < STALE_MS ? (seed.data as T) : undefined
}

/** Tests only. */
export function resetQueryLoaderForTests(): void {
  seeds.clear()
  client?.clear()
}
