import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { PAGE_PATHS } from '../../lib/site-map'
import { loadAuthClient } from './api/client-loader'
import { NewPasswordForm } from './components/NewPasswordForm'
import { AuthPending, SignInPrompt } from './components/SignInPrompt'
import { useAuth } from './hooks/use-auth'
import { endPasswordRecovery, usePasswordRecovery } from './recovery-state'

/**
 * Where the password-recovery e-mail leads. auth-js reads the link's session
 * from the address and emits PASSWORD_RECOVERY; then the visitor chooses a
 * new password. Without that (an old, used or expired link) the page offers
 * a new link instead.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth')
  useDocumentMeta({ page: 'resetPassword' }, useLang())
  const { loading } = useAuth()
  const recovering = usePasswordRecovery()
  const [done, setDone] = useState(false)

  // A visitor may arrive here without the client loaded (a bookmark); it decides what the link was.
  useEffect(() => void loadAuthClient().catch(() => undefined), [])

  const finish = () => {
    endPasswordRecovery()
    setDone(true)
  }

  let content
  if (done) {
    content = (
      <section className="card mx-auto max-w-xl text-center">
        <output className="block text-lg font-semibold text-ocean-900">{t('reset.done')}</output>
        <LocalizedLink to={PAGE_PATHS.home} className={`${buttonStyles.primary} mt-6`}>
          {t('reset.home')}
        </LocalizedLink>
      </section>
    )
  } else if (recovering) {
    content = (
      <section className="card mx-auto max-w-xl">
        <NewPasswordForm onDone={finish} />
      </section>
    )
  } else if (loading) {
    content = <AuthPending />
  } else {
    content = (
      <SignInPrompt title={t('reset.invalidTitle')} text={t('reset.invalidText')} action={t('reset.requestNew')} view="forgot" />
    )
  }

  return (
    <article className="pb-12">
      <PageIntro title={t('reset.title')} intro={t('reset.intro')} />
      <div className="mx-auto max-w-3xl px-4">{content}</div>
    </article>
  )
}
