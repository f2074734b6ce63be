import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { useSetRoles } from '../api/mutations'
import { ActionStatus } from '../components/ActionStatus'
import { useStaff } from '../context'
import type { StaffMember, StaffRole } from '../types'

const ROLES: StaffRole[] = ['consultant', 'admin']

/**
 * One member and their roles as checkboxes in a fieldset named by their address. An admin
 * cannot take the admin role from themselves (the server refuses it too), so that box is locked.
 */
export function MemberRow({ member }: { member: StaffMember }) {
  const { t } = useTranslation('staff')
  const { me } = useStaff()
  const [roles, setRoles] = useState<StaffRole[]>(member.roles)
  const save = useSetRoles()
  const self = member.id === me.id

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ id: member.id, roles: ROLES.filter((role) => roles.includes(role)) })
  }

  return (
    <form noValidate onSubmit={submit} className="card flex flex-wrap items-end justify-between gap-4">
      <fieldset className="space-y-2">
        <legend className="font-semibold text-ocean-900">
          {member.email}
          {self && <span className="ml-2 text-sm font-normal text-slate-600">({t('team.you')})</span>}
        </legend>
        <div className="flex flex-wrap gap-4">
          {ROLES.map((role) => (
            <label key={role} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-ocean-700"
                checked={roles.includes(role)}
                disabled={self && role === 'admin'}
                onChange={(e) => setRoles(e.target.checked ? [...roles, role] : roles.filter((r) => r !== role))}
              />
              {t(`roles.${role}`)}
            </label>
          ))}
        </div>
        {self && <p className="text-sm text-slate-600">{t('team.selfAdmin')}</p>}
      </fieldset>
      <div className="space-y-2">
        <button type="submit" className={buttonStyles.secondary} disabled={save.isPending} aria-label={t('team.saveLabel', { email: member.email })}>
          {save.isPending ? t('common.saving') : t('team.save')}
        </button>
        <ActionStatus done={save.isSuccess ? t('team.saved', { email: member.email }) : null} error={save.error} />
      </div>
    </form>
  )
}
