import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { PAGE_PATHS } from '../../../lib/site-map'

/** The way from a reader's own bad trip to a consultation (the Help page). */
export function ConsultationCta() {
  const { t } = useTranslation('opinions')
  const id = useId()
  return (
    <section aria-labelledby={id} className="mt-12 rounded-3xl bg-ocean-50 p-6 sm:p-8">
      <h2 id={id} className="text-2xl font-semibold text-ocean-900">
        {t('cta.heading')}
      </h2>
      <p className="mt-3 leading-relaxed text-ocean-900">{t('cta.text')}</p>
      <LocalizedLink to={PAGE_PATHS.help} className={`${buttonStyles.primary} mt-5`}>
        {t('cta.button')}
      </LocalizedLink>
    </section>
  )
}
