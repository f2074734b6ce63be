import { useTranslation } from 'react-i18next'
import type { StaffUserSummary } from '../business/types'
import { useBusinessFormat } from '../business/use-format'

/** A ban in the past is over: only one still running counts. */
export const isBanned = (user: StaffUserSummary) => user.banned_until !== null && Date.parse(user.banned_until) > Date.now()

/** Whether an account is blocked (until when) and whether its e-mail is confirmed, in words. */
export function UserState({ user }: { user: StaffUserSummary }) {
  const { t } = useTranslation('staff')
  const { when } = useBusinessFormat()
  const banned = isBanned(user)
  return (
    <>
      <span className="block">{banned ? t('users.bannedUntil', { when: when(user.banned_until) }) : t('users.active')}</span>
      <span className="block text-slate-600">{user.email_confirmed_at ? t('users.confirmed') : t('users.unconfirmed')}</span>
    </>
  )
}
