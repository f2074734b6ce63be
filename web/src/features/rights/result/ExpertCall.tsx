import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { SESSION_KEYS } from '../../../lib/session-keys'
import { PAGE_PATHS } from '../../../lib/site-map'
import { caseSummary } from '../rules/letter'
import type { Assessment, CheckInput, Lang } from '../rules/types'

/** Leaves the case summary for the booking form's message: only now, because the traveller asked. */
export function leaveBookingPrefill(text: string): void {
  try {
    window.sessionStorage.setItem(SESSION_KEYS.bookingPrefill, text)
  } catch {
    // Without storage the form simply starts empty.
  }
}

/** "Book a consultation": prominent, with the reasons, when the rules cannot settle the case. */
export function ExpertCall({ input, assessment, lang }: { input: CheckInput; assessment: Assessment; lang: Lang }) {
  const { t } = useTranslation('rightsResult')
  const prominent = assessment.expert.length > 0
  return (
    <section aria-labelledby="rights-expert" className={prominent ? 'rights-expert rights-expert-prominent' : 'rights-expert'}>
      <h3 id="rights-expert">{t('expert.heading')}</h3>
      {prominent ? (
        <>
          <p>{t('expert.lead')}</p>
          <ul className="rights-sublist">
            {assessment.expert.map((reason) => (
              <li key={reason}>{t(`expert.reasons.${reason}`)}</li>
            ))}
          </ul>
          <p>{t('expert.offer')}</p>
        </>
      ) : (
        <p>{t('expert.plain')}</p>
      )}
      <p>
        <LocalizedLink
          to={PAGE_PATHS.helpBooking}
          className={prominent ? buttonStyles.primary : buttonStyles.secondary}
          onClick={() => leaveBookingPrefill(caseSummary(input, assessment, lang))}
        >
          {t('expert.book')}
        </LocalizedLink>
      </p>
      <p className="rights-note">{t('expert.bookNote')}</p>
    </section>
  )
}
