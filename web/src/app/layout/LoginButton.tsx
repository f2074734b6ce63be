import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { preloadLoginDialog } from '../../features/auth/components/LoginDialogHost'
import { openLoginDialog } from '../../features/auth/login-dialog-store'

/** 'Log In' (docs/product.md#login-dialog): opens the login dialog on its options view. */
export function LoginButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onPointerEnter={preloadLoginDialog}
      onFocus={preloadLoginDialog}
      onClick={() => openLoginDialog()}
      className={`${buttonStyles.primary} px-4 ${className}`}
    >
      {t('login.button')}
    </button>
  )
}
