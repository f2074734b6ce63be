import type { Factor } from '@supabase/auth-js'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { useLang } from '../../../../i18n/use-lang'

interface Props {
  factors: Factor[]
  busy: boolean
  onRemove: (factor: Factor) => void
}

/** The user's authenticator apps: name, when added, whether active, and Remove. */
export function FactorList({ factors, busy, onRemove }: Props) {
  const { t } = useTranslation('auth')
  const dates = new Intl.DateTimeFormat(useLang(), { dateStyle: 'medium' })
  return (
    <div className="mt-6">
      <h3 className="text-lg font-semibold">{t('twoFactor.factors.heading')}</h3>
      <ul className="mt-2 divide-y divide-sand-200">
        {factors.map((factor) => {
          const name = factor.friendly_name || t('twoFactor.factorName')
          return (
            <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-ocean-900">{name}</p>
                <p className="text-sm text-slate-600">
                  {t('twoFactor.factors.added', { date: dates.format(new Date(factor.created_at)) })} ·{' '}
                  {factor.status === 'verified' ? t('twoFactor.factors.verified') : t('twoFactor.factors.unverified')}
                </p>
              </div>
              <button
                type="button"
                disabled={busy}
                aria-label={t('twoFactor.factors.removeLabel', { name })}
                onClick={() => onRemove(factor)}
                className={buttonStyles.secondary}
              >
                {t('twoFactor.factors.remove')}
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
