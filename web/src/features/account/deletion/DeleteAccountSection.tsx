import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { DeletePanel } from './DeletePanel'

const HEADING_ID = 'delete-account-heading'

/**
 * The danger zone (docs/product.md#account-page): "Delete my account" opens a panel that says
 * what goes and what stays, and asks for the password or a mailed code. Loaded lazily.
 */
export default function DeleteAccountSection() {
  const { t } = useTranslation('account')
  const [open, setOpen] = useState(false)
  const startRef = useRef<HTMLButtonElement>(null)

  const cancel = () => {
    setOpen(false)
    // Back where the visitor started, once the button is there again.
    requestAnimationFrame(() => startRef.current?.focus())
  }

  return (
    <section aria-labelledby={HEADING_ID} className="card border-coral-600">
      <h2 id={HEADING_ID} className="text-2xl font-semibold">
        {t('delete.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('delete.intro')}</p>
      {open ? (
        <DeletePanel onCancel={cancel} />
      ) : (
        <button ref={startRef} type="button" onClick={() => setOpen(true)} className={`${buttonStyles.primary} mt-4`}>
          {t('delete.start')}
        </button>
      )}
    </section>
  )
}
