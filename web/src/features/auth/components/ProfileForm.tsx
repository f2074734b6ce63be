import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { asApiError } from '../../../lib/api-client'
import type { Profile } from '../api/profile'
import { useProfile, useSaveProfile } from '../api/profile-queries'
import { authErrorKey } from '../auth-errors'
import { knownCountry } from '../../../lib/countries'
import { useAuth } from '../hooks/use-auth'
import { CountrySelect } from './CountrySelect'
import { ProfilePhoto } from './ProfilePhoto'
import { FormMessage, TextField } from '../../../components/ui/Field'

type Values = { first_name: string; last_name: string; country: string }
type Outcome = { tone: 'success' | 'error'; text: string } | null
const NAME_MAX = 100 // the server's limit (server/src/profiles/model.rs)

function valuesOf(profile: Profile | null): Values {
  return { first_name: profile?.first_name ?? '', last_name: profile?.last_name ?? '', country: knownCountry(profile?.country) }
}

/** The profile: its photo (ProfilePhoto), then first name, last name and country, saved with PATCH /api/v1/profile. */
export function ProfileForm() {
  const { t } = useTranslation('auth')
  const { user, session } = useAuth()
  const { profile, loading } = useProfile(user?.id, session?.access_token)
  // The form starts from the profile once it has arrived; after that, it is the visitor's.
  const [edited, setEdited] = useState<Values | null>(null)
  const values = edited ?? valuesOf(profile)
  const save = useSaveProfile(session?.access_token)
  const busy = save.isPending
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  // The server's field codes (server/src/profiles/model.rs): too_long, unknown_country, invalid…
  const fieldError = (code: string) =>
    t(`account.profile.fieldErrors.${code === 'too_long' || code === 'unknown_country' ? code : 'invalid'}`)

  const bind = (name: keyof Values) => ({
    name,
    value: values[name],
    state: fieldErrors[name] ? { invalid: true, error: fieldError(fieldErrors[name]) } : undefined,
    onChange: (event: { target: { value: string } }) => setEdited({ ...values, [name]: event.target.value }),
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !session) return
    setOutcome(null)
    setFieldErrors({})
    try {
      await save.mutateAsync(values)
      setEdited(null)
      setOutcome({ tone: 'success', text: t('account.profile.saved') })
    } catch (thrown) {
      const error = asApiError(thrown)
      setFieldErrors(error.fields)
      setOutcome({ tone: 'error', text: t(`errors.${authErrorKey({ code: error.code, status: error.status }, 'profile')}`) })
    }
  }

  return (
    <section aria-labelledby="profile-heading" className="card">
      <h2 id="profile-heading" className="text-2xl font-semibold">
        {t('account.profile.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('account.profile.email', { email: user?.email ?? '' })}</p>
      <div className="mt-6">
        <ProfilePhoto />
      </div>
      <form noValidate onSubmit={submit} aria-busy={loading || undefined} className="mt-6 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('fields.firstName')} autoComplete="given-name" maxLength={NAME_MAX} {...bind('first_name')} />
          <TextField label={t('fields.lastName')} autoComplete="family-name" maxLength={NAME_MAX} {...bind('last_name')} />
        </div>
        <CountrySelect {...bind('country')} />
        <FormMessage tone={outcome?.tone ?? 'success'}>{outcome?.text}</FormMessage>
        <button type="submit" disabled={busy || loading} className={buttonStyles.primary}>
          {busy ? t('account.profile.saving') : t('account.profile.save')}
        </button>
      </form>
    </section>
  )
}
