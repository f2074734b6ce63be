/** The console's addresses (English form; LocalizedLink adds /es or /pt). */
export const STAFF_PATHS = {
  agenda: '/staff',
  cases: '/staff/cases',
  opinions: '/staff/opinions',
  availability: '/staff/availability',
  team: '/staff/team',
  audit: '/staff/audit',
} as const

export type StaffSection = keyof typeof STAFF_PATHS

/** Sections only admins see (the server refuses the rest with 403 `not_admin` anyway). */
export const ADMIN_SECTIONS: readonly StaffSection[] = ['team', 'audit']

export function bookingPath(id: string): string {
  return `/staff/bookings/${encodeURIComponent(id)}`
}
