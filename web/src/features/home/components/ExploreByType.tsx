import { useTranslation } from 'react-i18next'
import { Icon } from '../../../components/ui/Icon'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { destinationsOfTypePath, TYPE_SLUGS } from '../../../lib/site-map'
import { SectionHeading } from './SectionHeading'

// Lucide (ISC): umbrella, mountain, building, landmark.
const TYPE_ICONS: Record<(typeof TYPE_SLUGS)[number], string> = {
  beaches: 'M12 13v7a2 2 0 0 0 4 0M12 2v2M20.992 13a1 1 0 0 0 .97-1.274 10.284 10.284 0 0 0-19.923 0A1 1 0 0 0 3 13z',
  mountains: 'm8 3 4 8 5-5 5 15H2L8 3z',
  cities:
    'M6 2h12a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM12 10h.01M12 14h.01M12 6h.01M16 10h.01M16 14h.01M16 6h.01M8 10h.01M8 14h.01M8 6h.01M9 22v-3a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3',
  cultural:
    'M10 18v-7M11.119 2.205a2 2 0 0 1 1.762 0l7.84 3.846A.5.5 0 0 1 20.5 7h-17a.5.5 0 0 1-.22-.949zM14 18v-7M18 18v-7M3 22h18M6 18v-7',
}

/** Four ways into the destinations page, each already filtered (`/destinations?type=…`). */
export function ExploreByType() {
  const { t } = useTranslation('home')
  return (
    <section aria-labelledby="explore-title" className="mx-auto w-full max-w-6xl px-4">
      <SectionHeading id="explore-title" title={t('explore.title')} intro={t('explore.intro')} />
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {TYPE_SLUGS.map((type) => (
          <li key={type} className="flex">
            <LocalizedLink to={destinationsOfTypePath(type)} className="explore-card">
              <span className="explore-icon">
                <Icon path={TYPE_ICONS[type]} size={26} />
              </span>
              <span className="font-display text-xl font-semibold text-ocean-900">{t(`explore.types.${type}.title`)}</span>
              <span className="text-sm leading-relaxed text-slate-600">{t(`explore.types.${type}.text`)}</span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
