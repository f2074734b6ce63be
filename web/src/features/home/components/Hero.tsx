import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { PAGE_PATHS } from '../../../lib/site-map'
import heroCoast from '../assets/hero-coast.svg'

export function Hero() {
  const { t } = useTranslation('home')
  return (
    <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-10 pb-12 sm:pt-16 md:grid-cols-[1.1fr_1fr] md:gap-14">
      <div>
        <p className="text-sm font-semibold tracking-wide text-coral-700 uppercase">{t('hero.eyebrow')}</p>
        <h1 className="mt-4 text-4xl leading-tight font-semibold tracking-tight sm:text-5xl lg:text-6xl">
          {t('hero.title')}
        </h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600">{t('hero.subtitle')}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <LocalizedLink to={PAGE_PATHS.destinations} className={`${buttonStyles.primary} px-6 text-base`}>
            {t('hero.ctaDestinations')}
          </LocalizedLink>
          <LocalizedLink to={PAGE_PATHS.help} className={`${buttonStyles.secondary} px-6 text-base`}>
            {t('hero.ctaHelp')}
          </LocalizedLink>
        </div>
      </div>
      <img
        src={heroCoast}
        width={480}
        height={360}
        alt={t('hero.imageAlt')}
        fetchPriority="high"
        className="h-auto w-full rounded-[2.25rem] shadow-soft"
      />
    </section>
  )
}
