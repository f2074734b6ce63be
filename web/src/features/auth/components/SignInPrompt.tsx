import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { openLoginDialog, type LoginView } from '../login-dialog-store'

interface Props {
  title: string
  text: string
  action: string
  view: LoginView
}

/** A card that explains why the page needs a signed-in visitor, and opens the dialog. */
export function SignInPrompt({ title, text, action, view }: Props) {
  return (
    <section className="card mx-auto max-w-xl text-center">
      <h2 className="text-2xl font-semibold">{title}</h2>
      <p className="mt-3 leading-relaxed text-slate-600">{text}</p>
      <button type="button" aria-haspopup="dialog" onClick={() => openLoginDialog(view)} className={`${buttonStyles.primary} mt-6`}>
        {action}
      </button>
    </section>
  )
}

/** Stands in for a page's content while the stored session is read (polite, like the page loader). */
export function AuthPending() {
  const { t } = useTranslation('auth')
  return (
    <output className="card mx-auto block max-w-xl motion-safe:animate-pulse">
      <span className="sr-only">{t('account.checking')}</span>
      <span aria-hidden="true" className="block h-40" />
    </output>
  )
}
