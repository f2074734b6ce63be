import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { PageIntro } from '../../../components/ui/PageIntro'
import { PAGE_PATHS } from '../../../lib/site-map'

/** /help/booking without an id: where the booking's link is. */
export function FindYourBooking() {
  const { t } = useTranslation('consultations')
  return (
    <article className="pb-16">
      <PageIntro title={t('manage.findTitle')} intro={t('manage.findText')}>
        <div className="mt-6 flex flex-wrap gap-3">
          <LocalizedLink to={PAGE_PATHS.account} className={buttonStyles.secondary}>
            {t('manage.toAccount')}
          </LocalizedLink>
          <LocalizedLink to={PAGE_PATHS.help} className={buttonStyles.primary}>
            {t('manage.bookNew')}
          </LocalizedLink>
        </div>
      </PageIntro>
    </article>
  )
}
