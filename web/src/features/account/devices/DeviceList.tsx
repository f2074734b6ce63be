import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { INTL_LOCALE } from '../../../i18n/languages'
import { useLang } from '../../../i18n/use-lang'
import type { DeviceSession } from '../../../lib/api/types'
import { dateText, whenText } from './last-seen'
import { deviceKind, deviceName, type DeviceWords } from './user-agent'

interface Props {
  devices: DeviceSession[]
  /** When the list was read: "5 minutes ago" counts from then. */
  now: number
  /** The device being signed out ('others': all of them), or null. */
  busyWith: string | null
  onSignOut: (id: string, name: string) => void
}

/** The devices, most recently active first: name, this one marked, when, and Sign out. */
export function DeviceList({ devices, now, busyWith, onSignOut }: Props) {
  const { t } = useTranslation('account')
  const locale = INTL_LOCALE[useLang()]
  const words: DeviceWords = {
    browserOn: (browser, system) => t('devices.browserOn', { browser, system }),
    browserOnly: (browser) => t('devices.browserOnly', { browser }),
    someBrowserOn: (system) => t('devices.someBrowserOn', { system }),
    unknown: () => t('devices.unknown'),
  }
  return (
    <ul className="mt-4 divide-y divide-sand-200">
      {devices.map((device) => {
        const name = deviceName(deviceKind(device.user_agent), words)
        const seen = device.current ? t('devices.activeNow') : t('devices.lastSeen', { when: whenText(device.last_seen_at, now, locale) })
        const facts = [seen, t('devices.signedIn', { date: dateText(device.created_at, locale) })]
        if (device.ip) facts.push(t('devices.ip', { ip: device.ip }))
        return (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-ocean-900">
                {name}
                {device.current && (
                  <span className="rounded-full bg-ocean-50 px-2.5 py-0.5 text-xs font-semibold text-ocean-900">{t('devices.current')}</span>
                )}
              </p>
              <p className="text-sm text-slate-600">{facts.join(' · ')}</p>
            </div>
            {!device.current && (
              <button
                type="button"
                disabled={busyWith !== null}
                // While busy, the button says so itself.
                aria-label={busyWith === device.id ? undefined : t('devices.signOutLabel', { device: name })}
                onClick={() => onSignOut(device.id, name)}
                className={buttonStyles.secondary}
              >
                {busyWith === device.id ? t('devices.signingOut') : t('devices.signOut')}
              </button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
