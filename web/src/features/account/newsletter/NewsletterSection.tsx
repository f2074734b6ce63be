import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormMessage } from '../../../components/ui/Field'
import { LANGUAGE_NAMES, LANGUAGES, isLang, type Lang } from '../../../i18n/languages'
import { useLang } from '../../../i18n/use-lang'
import type { AccountNewsletter } from '../../../lib/api/types'
import { useAuth } from '../../auth/hooks/use-auth'
import { currentToken, saveNewsletter } from '../api/account-api'
import { useNewsletter } from '../api/account-queries'
import { apiErrorText } from '../api/error-text'

type Outcome = { tone: 'success' | 'error'; text: string } | null

/**
 * The newsletter switch of the account's own address (GET/PUT /api/v1/account/newsletter):
 * on is confirmed at once (the address is proven by the account), off unsubscribes, and the
 * letters' language can be chosen. Loaded lazily.
 */
export default function NewsletterSection() {
  const { t } = useTranslation('account')
  const { t: errors } = useTranslation('errors')
  const { user } = useAuth()
  const pageLang = useLang()
  const query = useNewsletter(user?.id)
  const [saved, setSaved] = useState<AccountNewsletter | null>(null)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const introId = useId()
  const current = saved ?? query.data ?? null
  const language: Lang = isLang(current?.language) ? current.language : pageLang
  const email = user?.email ?? ''

  const save = async (subscribed: boolean, lang: Lang) => {
    if (busy) return
    setBusy(true)
    setOutcome(null)
    try {
      const answer = await saveNewsletter(await currentToken(), { subscribed, language: lang })
      setSaved(answer)
      setOutcome({ tone: 'success', text: answer.subscribed ? t('newsletter.subscribed', { email }) : t('newsletter.unsubscribed') })
    } catch (error) {
      setOutcome({ tone: 'error', text: `${t('newsletter.failed')} ${apiErrorText(errors, error)}` })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="newsletter-heading" className="card" aria-busy={query.isPending || busy || undefined}>
      <h2 id="newsletter-heading" className="text-2xl font-semibold">
        {t('newsletter.heading')}
      </h2>
      <p id={introId} className="mt-2 text-sm text-slate-600">
        {t('newsletter.intro', { email })}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-8 gap-y-4">
        <label className="flex items-center gap-3 font-medium">
          <input
            type="checkbox"
            role="switch"
            className="h-5 w-5"
            aria-describedby={introId}
            checked={current?.subscribed ?? false}
            aria-checked={current?.subscribed ?? false}
            disabled={busy || query.isPending}
            onChange={(event) => void save(event.target.checked, language)}
          />
          {t('newsletter.on')}
        </label>
        <label className="flex items-center gap-3 text-sm">
          {t('newsletter.language')}
          <select
            className="field-input w-auto"
            value={language}
            disabled={busy || !current?.subscribed}
            onChange={(event) => isLang(event.target.value) && void save(true, event.target.value)}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="mt-3 min-h-6">
        <FormMessage tone={outcome?.tone ?? 'success'}>{outcome?.text}</FormMessage>
      </div>
    </section>
  )
}
