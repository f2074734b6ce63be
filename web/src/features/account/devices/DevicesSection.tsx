import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { FormMessage } from '../../../components/ui/Field'
import { useAuth } from '../../auth/hooks/use-auth'
import { useDevices } from '../api/account-queries'
import { DeviceList } from './DeviceList'
import { useDeviceActions } from './use-device-actions'

const HEADING_ID = 'devices-heading'

/**
 * The account page's signed-in devices (docs/product.md#account-page): each browser with when it
 * was last active, this one marked, Sign out for the others, and all the others at once.
 * Loaded lazily by the account page.
 */
export default function DevicesSection() {
  const { t } = useTranslation('account')
  const { user } = useAuth()
  const userId = user?.id ?? ''
  const devices = useDevices(userId)
  const actions = useDeviceActions(userId)
  const { news, busyWith } = actions
  const outcomeRef = useRef<HTMLOutputElement>(null)
  const hintId = useId()
  const others = (devices.data ?? []).filter((device) => !device.current)

  // The button that signed a device out is gone with its row: the outcome takes the focus.
  useEffect(() => {
    if (news) outcomeRef.current?.focus()
  }, [news])

  const body = () => {
    if (devices.isPending) {
      return (
        <p aria-busy="true" className="mt-4 min-h-32 text-sm text-slate-600">
          {t('devices.loading')}
        </p>
      )
    }
    if (devices.isError) {
      return (
        <div className="mt-4 flex min-h-32 flex-wrap items-start gap-3" role="alert">
          <p className="form-error">{t('devices.loadFailed')}</p>
          <button type="button" onClick={() => void devices.refetch()} className={buttonStyles.secondary}>
            {t('devices.retry')}
          </button>
        </div>
      )
    }
    return (
      <>
        <DeviceList devices={devices.data} now={devices.dataUpdatedAt} busyWith={busyWith} onSignOut={(id, name) => void actions.signOutOne(id, name)} />
        <FormMessage tone="error">{actions.problem}</FormMessage>
        {others.length > 0 ? (
          <div className="mt-4 border-t border-sand-200 pt-4">
            <button
              type="button"
              disabled={busyWith !== null}
              aria-describedby={hintId}
              onClick={() => void actions.signOutOthers()}
              className={buttonStyles.secondary}
            >
              {busyWith === 'others' ? t('devices.signingOut') : t('devices.signOutOthers')}
            </button>
            <p id={hintId} className="mt-2 text-sm text-slate-600">
              {t('devices.signOutOthersHint')}
            </p>
          </div>
        ) : (
          <p className="mt-4 text-sm text-slate-600">{t('devices.onlyThis')}</p>
        )}
      </>
    )
  }

  return (
    <section aria-labelledby={HEADING_ID} className="card">
      <h2 id={HEADING_ID} className="text-2xl font-semibold">
        {t('devices.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('devices.intro')}</p>
      <output ref={outcomeRef} tabIndex={-1} className={news ? 'form-success mt-6 block focus:outline-none' : 'sr-only'}>
        {news?.kind === 'one' ? t('devices.signedOut', { device: news.name }) : news?.kind === 'others' ? t('devices.othersSignedOut') : ''}
      </output>
      {body()}
    </section>
  )
}
