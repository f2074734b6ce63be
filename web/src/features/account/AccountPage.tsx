import { lazy, Suspense, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { PageIntro } from '../../components/ui/PageIntro'
import { i18n } from '../../i18n/setup'
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
 * A section of this feature, loaded after the page with its words (`account`, and `errors` for
 * the API's refusals) at the same time, rather than one after the other.
 */
function lazySection(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => Promise.all([load(), i18n.loadNamespaces(['account', 'errors'])]).then(([module]) => module))
}
const DevicesSection = lazySection(() => import('./devices/DevicesSection'))
const ConnectedAccountsSection = lazySection(() => import('./identities/ConnectedAccountsSection'))
const NewsletterSection = lazySection(() => import('./newsletter/NewsletterSection'))
const DataSection = lazySection(() => import('./data/DataSection'))
const DeleteAccountSection = lazySection(() => import('./deletion/DeleteAccountSection'))

/** Where a lazy section will be: a card of about its size, so nothing below it moves much. */
function Pending({ height }: { height: string }) {
  return <section aria-busy="true" className={`card ${height}`} />
}

/**
 * The account page ('Settings' in the avatar menu, docs/product.md#account-page): the profile,
 * the password and two-step verification (auth), the signed-in devices and connected accounts,
 * the consultations (consultations) and the store's orders (store/orders), the data download
 * and the deletion. It lives in its own feature so that none of them imports another. A session
 * that still owes its two-step code sees a prompt for it instead.
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
            <Suspense fallback={<Pending height="min-h-72" />}>
              <DevicesSection />
            </Suspense>
            <Suspense fallback={<Pending height="min-h-56" />}>
              <ConnectedAccountsSection />
            </Suspense>
            {session && <MyConsultations accessToken={session.access_token} />}
            {session && (
              <Suspense fallback={<section aria-busy="true" className="card min-h-40" />}>
                <MyOrders accessToken={session.access_token} />
              </Suspense>
            )}
            <Suspense fallback={<Pending height="min-h-48" />}>
              <NewsletterSection />
            </Suspense>
            <Suspense fallback={<Pending height="min-h-56" />}>
              <DataSection />
            </Suspense>
            <Suspense fallback={<Pending height="min-h-48" />}>
              <DeleteAccountSection />
            </Suspense>
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
