import { use } from 'react'
import { useLocation } from 'react-router'
import { takePageData } from './page-data'
import { resource, seedResource } from './resource-cache'

export interface PageDataRequest<T> {
  /** Identifies the answer in the cache: the same key is never fetched twice in a row. */
  key: string
  /** Asks the API when the page carries no data for this address. */
  load: () => Promise<T>
  /**
   * The address the embedded data must be for; the current path by default. A page whose
   * query changes the answer (the destinations filter) passes path plus query.
   */
  path?: string
}

/**
 * The data of the current page: the server's embedded block on the first page, the cache
 * or the API after that. Suspends while loading (the route's loader shows) and throws to
 * the page's error boundary when the API fails.
 */
export function usePageData<T>({ key, load, path }: PageDataRequest<T>): T {
  const { pathname } = useLocation()
  const embedded = takePageData(path ?? pathname)
  if (embedded !== undefined) seedResource(key, embedded as T)
  // React reads the recorded status and value, so a cached answer renders without suspending.
  return use<T>(resource(key, load) as Promise<T>)
}
