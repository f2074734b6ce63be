import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { storeConsent, type ConsentChoice } from '../../lib/consent'
import { PAGE_PATHS } from '../../lib/site-map'

/**
 * The consent question. Fixed to the bottom so it never pushes the page around;
 * Accept and Decline look exactly alike, so neither answer is nudged.
 */
export default function CookieBanner({ onAnswered }: { onAnswered: () => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const answer = (choice: ConsentChoice) => {
    storeConsent(choice)
    onAnswered()
  }
  return (
    <section
      aria-labelledby={titleId}
      className="floating-card inset-x-3 bottom-3 sm:inset-x-auto sm:left-6 sm:bottom-6 sm:max-w-md"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {t('cookies.title')}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">
        {t('cookies.text')}{' '}
        <LocalizedLink to={PAGE_PATHS.privacy} className="font-medium text-ocean-700 underline underline-offset-2">
          {t('cookies.privacyLink')}
        </LocalizedLink>
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={() => answer('declined')}>
          {t('cookies.decline')}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => answer('accepted')}>
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  )
}
