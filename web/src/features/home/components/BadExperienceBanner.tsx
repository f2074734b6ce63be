import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { Icon } from '../../../components/ui/Icon'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { PAGE_PATHS } from '../../../lib/site-map'

// Lucide's life-buoy (ISC licence), kept with the only section that draws it.
const LIFE_BUOY =
  'M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0M8 12a4 4 0 1 0 8 0a4 4 0 1 0-8 0m-3.07-7.07 4.24 4.24m5.66 0 4.24-4.24m-4.24 9.9 4.24 4.24m-9.9-4.24-4.24 4.24'

/** "Had a bad travel experience?" — the way into the Help section. */
export function BadExperienceBanner() {
  const { t } = useTranslation('home')
  return (
    <section aria-labelledby="bad-experience-title" className="mx-auto max-w-6xl px-4">
      <div className="flex flex-col gap-6 rounded-3xl bg-ocean-800 p-8 shadow-soft sm:p-10 md:flex-row md:items-center">
        <Icon path={LIFE_BUOY} size={48} className="shrink-0 text-coral-400" />
        <div className="grow">
          <h2 id="bad-experience-title" className="text-2xl font-semibold text-white sm:text-3xl">
            {t('badExperience.title')}
          </h2>
          <p className="mt-3 max-w-2xl leading-relaxed text-ocean-100">{t('badExperience.text')}</p>
        </div>
        <LocalizedLink to={PAGE_PATHS.help} className={`${buttonStyles.onDark} shrink-0 self-start md:self-center`}>
          {t('badExperience.cta')}
        </LocalizedLink>
      </div>
    </section>
  )
}
