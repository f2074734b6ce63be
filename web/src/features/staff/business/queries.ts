import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useAppQueryClient } from '../../../lib/query/query-client'
import * as api from './requests'
import type { OrderFilters } from './types'

/**
 * The owners' reads, like api/queries.ts: asked again on every visit, lists under the console's
 * ['staff', 'list'] prefix (a write marks them all stale), one entry per record otherwise.
 */
export const businessKeys = {
  dashboard: ['staff', 'list', 'dashboard'] as const,
  orders: (filters: OrderFilters) => ['staff', 'list', 'orders', filters] as const,
  order: (id: string) => ['staff', 'order', id] as const,
  stock: (lowOnly: boolean) => ['staff', 'list', 'stock', lowOnly] as const,
  discounts: ['staff', 'list', 'discounts'] as const,
  issues: ['staff', 'list', 'issues'] as const,
  issue: (id: string) => ['staff', 'issue', id] as const,
  users: (q: string) => ['staff', 'list', 'users', q] as const,
  user: (id: string) => ['staff', 'user', id] as const,
}

const FRESH = { staleTime: 0 } as const

export function useDashboard() {
  return useQuery({ queryKey: businessKeys.dashboard, queryFn: ({ signal }) => api.fetchDashboard(signal), ...FRESH }, useAppQueryClient())
}

/** The previous page stays on screen while the next one (or another filter) loads. */
export function useOrders(filters: OrderFilters) {
  return useQuery(
    { queryKey: businessKeys.orders(filters), queryFn: ({ signal }) => api.fetchOrders(filters, signal), placeholderData: keepPreviousData, ...FRESH },
    useAppQueryClient(),
  )
}

export function useOrder(id: string) {
  return useQuery({ queryKey: businessKeys.order(id), queryFn: ({ signal }) => api.fetchOrder(id, signal), ...FRESH }, useAppQueryClient())
}

export function useStock(lowOnly: boolean) {
  return useQuery({ queryKey: businessKeys.stock(lowOnly), queryFn: ({ signal }) => api.fetchStock(lowOnly, signal), ...FRESH }, useAppQueryClient())
}

export function useDiscounts() {
  return useQuery({ queryKey: businessKeys.discounts, queryFn: ({ signal }) => api.fetchDiscounts(signal), ...FRESH }, useAppQueryClient())
}

export function useIssues() {
  return useQuery({ queryKey: businessKeys.issues, queryFn: ({ signal }) => api.fetchIssues(signal), ...FRESH }, useAppQueryClient())
}

/** One issue to edit; `null` id (a new issue) asks nothing. */
export function useIssue(id: string | null) {
  return useQuery(
    { queryKey: businessKeys.issue(id ?? ''), queryFn: ({ signal }) => api.fetchIssue(id ?? '', signal), enabled: id !== null, ...FRESH },
    useAppQueryClient(),
  )
}

/** A search asks nothing until something is typed. */
export function useUsers(q: string) {
  const query = q.trim()
  return useQuery(
    { queryKey: businessKeys.users(query), queryFn: ({ signal }) => api.fetchUsers(query, signal), enabled: query !== '', ...FRESH },
    useAppQueryClient(),
  )
}

export function useUser(id: string) {
  return useQuery({ queryKey: businessKeys.user(id), queryFn: ({ signal }) => api.fetchUser(id, signal), ...FRESH }, useAppQueryClient())
}
