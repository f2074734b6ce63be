import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { useBanUser, useResendConfirmation } from '../business/mutations'
import type { StaffUserDetail } from '../business/types'
import { ActionStatus } from '../components/ActionStatus'
import { ConfirmAction } from '../components/ConfirmAction'
import { isBanned } from './UserState'

/** Block or unblock the account (POST /staff/users/{id}/ban), and send the confirmation e-mail again while it is unconfirmed. */
export function UserActions({ user }: { user: StaffUserDetail }) {
  const { t } = useTranslation('staff')
  const ban = useBanUser(user.id)
  const resend = useResendConfirmation(user.id)
  const banned = isBanned(user)
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        {banned ? (
          <button type="button" className={buttonStyles.secondary} disabled={ban.isPending} onClick={() => ban.mutate({ banned: false })}>
            {t('user.unban')}
          </button>
        ) : (
          <ConfirmAction
            label={t('user.ban')}
            question={t('user.banQuestion', { email: user.email })}
            confirm={t('user.banConfirm')}
            busy={ban.isPending}
            busyLabel={t('common.saving')}
            onConfirm={() => ban.mutate({ banned: true, hours: null })}
          />
        )}
        <ActionStatus done={ban.isSuccess ? t(isBanned(ban.data) ? 'user.banned' : 'user.unbanned', { email: user.email }) : null} error={ban.error} />
      </div>
      {!user.email_confirmed_at && (
        <div className="space-y-2">
          <button type="button" className={buttonStyles.secondary} disabled={resend.isPending} onClick={() => resend.mutate()}>
            {t('user.resend')}
          </button>
          <ActionStatus done={resend.isSuccess ? t('user.resent', { email: user.email }) : null} error={resend.error} />
        </div>
      )}
    </div>
  )
}
