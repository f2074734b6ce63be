/**
 * The state of a list that grows as the reader scrolls (docs/product.md#home, travel insights):
 * pages follow the API's `next_cursor`, optionally up to a maximum (the home page's 15).
 */
export interface Page<T> {
  items: T[]
  next_cursor?: string | null | undefined
}

export interface InfiniteList<T> {
  items: T[]
  cursor: string | null
  max: number
  loading: boolean
  failed: boolean
  /** How many items the last page added (for the live region). */
  lastAdded: number
}

export function startList<T>(first: Page<T>, max = Number.POSITIVE_INFINITY): InfiniteList<T> {
  const items = first.items.slice(0, max)
  return { items, cursor: first.next_cursor ?? null, max, loading: false, failed: false, lastAdded: 0 }
}

/** Whether the end has been reached: no next page, or the maximum shown. */
export function isComplete<T>(list: InfiniteList<T>): boolean {
  return list.cursor === null || list.items.length >= list.max
}

/** What to ask for next (`limit` never goes past the maximum), or null at the end. */
export function nextRequest<T>(list: InfiniteList<T>, pageSize: number): { cursor: string; limit: number } | null {
  if (list.loading || list.cursor === null || isComplete(list)) return null
  return { cursor: list.cursor, limit: Math.min(pageSize, list.max - list.items.length) }
}

export function markLoading<T>(list: InfiniteList<T>): InfiniteList<T> {
  return { ...list, loading: true, failed: false }
}

export function markFailed<T>(list: InfiniteList<T>): InfiniteList<T> {
  return { ...list, loading: false, failed: true }
}

/** Adds a page; an item already shown (same key) is not shown twice. */
export function appendPage<T>(list: InfiniteList<T>, page: Page<T>, keyOf: (item: T) => string): InfiniteList<T> {
  const seen = new Set(list.items.map(keyOf))
  const fresh = page.items.filter((item) => !seen.has(keyOf(item)))
  const items = [...list.items, ...fresh].slice(0, list.max)
  return {
    ...list,
    items,
    cursor: page.next_cursor ?? null,
    loading: false,
    failed: false,
    lastAdded: items.length - list.items.length,
  }
}
