import { use } from 'react'
import { useLocation } from 'react-router'
import { knownQueryData, loadQueryClient, seedQueryData } from '../../lib/query/loader'
import { takePageData } from './page-data'

export interface PageDataRequest<T> {
  /** Identifies the answer in the query cache: the same key is never fetched twice in a row. */
  key: string
  /** Asks the API when the page carries no data for this address. */
  load: () => Promise<T>
  /**
   * The address the embedded data must be for; the current path by default. A page whose
   * query changes the answer (the destinations filter) passes path plus query.
   */
  path?: string
}

export const pageQueryKey = (key: string) => ['page', key] as const

/**
 * The data of the current page: the server's embedded block on the first page, the query cache
 * or the API after that. Suspends while loading (the route's loader shows) and throws to the
 * page's error boundary when the API fails.
 *
 * The embedded block renders at once, without TanStack Query (a lazy chunk): it is seeded into
 * the query cache, now or when the client arrives. Only a page without its data loads the client.
 */
export function usePageData<T>({ key, load, path }: PageDataRequest<T>): T {
  const { pathname } = useLocation()
  const queryKey = pageQueryKey(key)
  const embedded = takePageData(path ?? pathname)
  if (embedded !== undefined) seedQueryData(queryKey, embedded)
  const known = knownQueryData<T>(queryKey)
  if (known !== undefined) return known

  // The same promise every time, so React resumes here once the client has arrived.
  const client = use(loadQueryClient())
  const state = client.getQueryState(queryKey)
  if (state?.status === 'error' && state.fetchStatus === 'idle') {
    // A failure is forgotten, so the error boundary's retry asks again.
    client.removeQueries({ queryKey, exact: true })
    throw state.error
  }
  // Like useSuspenseQuery: suspend on the (deduplicated) request; the next render reads the
  // cache, or the failure above. fetchQuery makes a new promise per call, which `use` cannot take.
  throw client.fetchQuery({ queryKey, queryFn: load }).then(
    () => undefined,
    () => undefined,
  )
}
