import { Mail } from 'lucide-react'
import { Fragment, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useLang } from '../../../i18n/use-lang'
import { PAGE_PATHS } from '../../../lib/site-map'
import { siteUrl } from '../api/redirects'
import { getAuthProviders } from '../api/settings'
import { useAuthAction } from '../hooks/use-auth-action'
import type { LoginView } from '../login-dialog-store'
import { FormMessage } from '../../../components/ui/Field'
import { GoogleMark } from './GoogleMark'

function LegalLink({ to, label }: { to: string; label: string }) {
  return (
    <LocalizedLink to={to} className="font-medium text-ocean-700 underline underline-offset-2">
      {label}
    </LocalizedLink>
  )
}

// Stand-ins (private-use characters) for the two links inside the translated sentence.
const TERMS = '\uE000'
const PRIVACY = '\uE001'

/** The "options" view (docs/product.md#login-dialog): Google (when the server offers it), e-mail, the legal links, and sign-in. */
export function OptionsView({ onView }: { onView: (view: LoginView) => void }) {
  const { t } = useTranslation('auth')
  const lang = useLang()
  const [google, setGoogle] = useState(false)
  const { busy, error, run } = useAuthAction('signin')

  useEffect(() => {
    let cancelled = false
    void getAuthProviders().then((providers) => !cancelled && setGoogle(providers.google))
    return () => {
      cancelled = true
    }
  }, [])

  // Google's page takes over the tab; the session comes back in the address (GET /auth/v1/authorize).
  const continueWithGoogle = () =>
    run((client) => client.signInWithOAuth({ provider: 'google', options: { redirectTo: siteUrl('/', lang) } }))

  // "…agree to our {{terms}} and {{privacy}}": the links sit wherever each language puts them.
  const legal = t('options.legal', { terms: TERMS, privacy: PRIVACY }).split(/([\uE000\uE001])/)

  return (
    <div className="space-y-4">
      <p className="text-sm leading-relaxed text-slate-600">{t('options.intro')}</p>
      {google && (
        <button type="button" disabled={busy} onClick={continueWithGoogle} className={`${buttonStyles.secondary} w-full`}>
          <GoogleMark />
          {t('options.google')}
        </button>
      )}
      <button type="button" data-autofocus onClick={() => onView('signup')} className={`${buttonStyles.primary} w-full`}>
        <Mail size={18} aria-hidden="true" />
        {t('options.email')}
      </button>
      <FormMessage tone="error">{error}</FormMessage>
      <p className="text-xs leading-relaxed text-slate-600">
        {legal.map((part, index) => (
          <Fragment key={index}>
            {part === TERMS ? (
              <LegalLink to={PAGE_PATHS.terms} label={t('options.terms')} />
            ) : part === PRIVACY ? (
              <LegalLink to={PAGE_PATHS.privacy} label={t('options.privacy')} />
            ) : (
              part
            )}
          </Fragment>
        ))}
      </p>
      <p className="border-t border-sand-200 pt-4 text-center text-sm">
        {t('options.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => onView('signin')}>
          {t('options.signIn')}
        </button>
      </p>
    </div>
  )
}
