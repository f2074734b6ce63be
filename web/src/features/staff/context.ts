import { createContext, use } from 'react'
import type { Lang } from '../../i18n/languages'
import type { Me } from './types'

/** What every section of the console reads: who is signed in, in which zone they work, the page's language. */
export interface StaffState {
  me: Me
  isAdmin: boolean
  /** The consultant's own zone, else the browser's: every time in the console is shown in it. */
  zone: string
  lang: Lang
}

export const StaffContext = createContext<StaffState | null>(null)

export function useStaff(): StaffState {
  const state = use(StaffContext)
  if (!state) throw new Error('useStaff must be used inside the staff console')
  return state
}
