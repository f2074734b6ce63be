import type { UseQueryResult } from '@tanstack/react-query'

/**
 * A query as the screens show it: loading (also while a retry after a failure runs), the
 * answer, or the failure with a retry. Type-only use of TanStack: no runtime cost here.
 */
export type Answer<T> = ({ status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: unknown }) & {
  retry: () => void
}

export function answerOf<T>(query: UseQueryResult<T>): Answer<T> {
  const retry = () => void query.refetch()
  if (query.status === 'success') return { status: 'ready', value: query.data, retry }
  if (query.status === 'error' && !query.isFetching) return { status: 'error', error: query.error, retry }
  return { status: 'loading', retry }
}
