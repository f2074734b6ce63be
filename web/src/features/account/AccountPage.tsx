import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { MyConsultations } from '../consultations/MyConsultations'
import { ChangePasswordSection } from '../auth/components/password/ChangePasswordSection'
import { EmailChangeSection } from '../auth/components/email/EmailChangeSection'
import { ProfileForm } from '../auth/components/ProfileForm'
import { AuthPending, SignInPrompt } from '../auth/components/SignInPrompt'
import { useAuth } from '../auth/hooks/use-auth'
import { useSecondStepPending } from '../auth/hooks/use-second-step'

// The store's orders load after the page, with their words ('checkout'), in a frame of their
// own size: the rest of the account does not wait for them, and nothing below them moves.
const MyOrders = lazy(() => import('../store/orders/MyOrders').then((module) => ({ default: module.MyOrders })))
// Two-step verification's settings (QR code, recovery codes) load after the page too.
const TwoFactorSection = lazy(() => import('../auth/components/mfa/TwoFactorSection'))

/**
 * The account page ('Settings' in the avatar menu). docs/product.md#not-built-yet lists what else
 * it will hold (sessions, deletion);
 * for now it holds the profile, the password and two-step verification (auth), the consultations
 * (consultations) and the store's orders (store/orders): it lives in its own feature so that none
 * of them imports another. A session that still owes its two-step code sees a prompt for it instead.
 */
export default function AccountPage() {
  const { t } = useTranslation('auth')
  useDocumentMeta({ page: 'account' }, useLang())
  const { user, session, loading } = useAuth()
  const secondStep = useSecondStepPending()
  const signedIn = user && !secondStep
  return (
    <article className="pb-12">
      <PageIntro title={t('account.title')} intro={signedIn ? t('account.intro') : t('account.introSignedOut')} />
      <div className="mx-auto max-w-3xl px-4">
        {loading || secondStep === null ? (
          <AuthPending />
        ) : secondStep ? (
          <SignInPrompt title={t('mfa.promptTitle')} text={t('mfa.promptText')} action={t('mfa.promptAction')} view="mfa" />
        ) : user ? (
          <div className="space-y-8">
            <ProfileForm />
            <EmailChangeSection />
            <ChangePasswordSection />
            <Suspense fallback={<section aria-busy="true" className="card min-h-40" />}>
              <TwoFactorSection />
            </Suspense>
            {session && <MyConsultations accessToken={session.access_token} />}
            {session && (
              <Suspense fallback={<section aria-busy="true" className="card min-h-40" />}>
                <MyOrders accessToken={session.access_token} />
              </Suspense>
            )}
          </div>
        ) : (
          <SignInPrompt
            title={t('account.signedOutTitle')}
            text={t('account.signedOutText')}
            action={t('account.signIn')}
            view="signin"
          />
        )}
      </div>
    </article>
  )
}
