/** The console's addresses (English form; LocalizedLink adds /es or /pt). */
export const STAFF_PATHS = {
  agenda: '/staff',
  cases: '/staff/cases',
  opinions: '/staff/opinions',
  availability: '/staff/availability',
  // The owners' sections (docs/decisions/018).
  dashboard: '/staff/dashboard',
  orders: '/staff/orders',
  stock: '/staff/stock',
  discounts: '/staff/discounts',
  newsletter: '/staff/newsletter',
  users: '/staff/users',
  team: '/staff/team',
  audit: '/staff/audit',
} as const

export type StaffSection = keyof typeof STAFF_PATHS

/** Sections only admins see (the server refuses the rest with 403 `not_admin` anyway). */
export const ADMIN_SECTIONS: readonly StaffSection[] = ['dashboard', 'orders', 'stock', 'discounts', 'newsletter', 'users', 'team', 'audit']

export function bookingPath(id: string): string {
  return `/staff/bookings/${encodeURIComponent(id)}`
}

export function orderPath(id: string): string {
  return `${STAFF_PATHS.orders}/${encodeURIComponent(id)}`
}

/** A newsletter issue's page; `null` is a new one. */
export function issuePath(id: string | null): string {
  return `${STAFF_PATHS.newsletter}/${id === null ? 'new' : encodeURIComponent(id)}`
}

export function userPath(id: string): string {
  return `${STAFF_PATHS.users}/${encodeURIComponent(id)}`
}
