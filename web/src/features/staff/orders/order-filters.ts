import { ORDER_KINDS, ORDER_STATUSES, type OrderFilters } from '../business/types'

const DATE = /^\d{4}-\d{2}-\d{2}$/

export const NO_FILTERS: OrderFilters = { status: '', from: '', to: '', kind: '', q: '', page: 1 }

/** The orders list's filters from its address (?status=paid&from=…&page=2); anything malformed is "any". */
export function filtersFromParams(params: URLSearchParams): OrderFilters {
  const status = params.get('status') ?? ''
  const kind = params.get('kind') ?? ''
  const date = (name: string) => {
    const value = params.get(name) ?? ''
    return DATE.test(value) ? value : ''
  }
  const page = Number(params.get('page'))
  return {
    status: ORDER_STATUSES.find((known) => known === status) ?? '',
    from: date('from'),
    to: date('to'),
    kind: ORDER_KINDS.find((known) => known === kind) ?? '',
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** The address's query for `filters`: only what filters something (page 1 and "any" are left out). */
export function paramsFromFilters(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const name of ['status', 'from', 'to', 'kind', 'q'] as const) {
    const value = filters[name].trim()
    if (value) params.set(name, value)
  }
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** How many pages a list of `total` items has (at least one, so "page 1 of 1" for none). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)))
}
