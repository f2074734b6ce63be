import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../../components/ui/Icon'
import { DestinationCard } from '../../content/components/DestinationCard'
import type { DestinationSummary } from '../../content/types'
import { useCarousel } from '../use-carousel'
import { SectionHeading } from './SectionHeading'

/** How many featured cards the desktop grid shows (docs/product.md#home); phones get all of them. */
const DESKTOP_CARDS = 3
const CHEVRON_LEFT = 'm15 18-6-6 6-6'
const CHEVRON_RIGHT = 'm9 18 6-6-6-6'

/**
 * Five featured themes: the first three in a grid from 768px up, all five in a
 * scroll-snap carousel below that, with previous/next buttons (docs/product.md#home).
 */
export function FeaturedDestinations({ destinations }: { destinations: DestinationSummary[] }) {
  const { t } = useTranslation('home')
  const listId = useId()
  const { track, index, previous, next } = useCarousel(destinations.length)
  if (destinations.length === 0) return null

  return (
    <section aria-labelledby="featured-title" className="mx-auto w-full max-w-6xl px-4">
      <SectionHeading id="featured-title" title={t('featured.title')} intro={t('featured.intro')}>
        <div className="flex items-center gap-2 md:hidden">
          <span className="mr-1 text-sm text-slate-600" aria-live="polite">
            {t('featured.position', { current: index + 1, total: destinations.length })}
          </span>
          <button type="button" className="carousel-btn" aria-controls={listId} aria-label={t('featured.previous')} disabled={index === 0} onClick={previous}>
            <Icon path={CHEVRON_LEFT} size={20} />
          </button>
          <button
            type="button"
            className="carousel-btn"
            aria-controls={listId}
            aria-label={t('featured.next')}
            disabled={index >= destinations.length - 1}
            onClick={next}
          >
            <Icon path={CHEVRON_RIGHT} size={20} />
          </button>
        </div>
      </SectionHeading>
      <ul id={listId} ref={track} className="featured-track" aria-label={t('featured.title')}>
        {destinations.map((destination, i) => (
          <li key={destination.slug} className={`featured-slide ${i >= DESKTOP_CARDS ? 'md:hidden' : ''}`}>
            <DestinationCard destination={destination} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  )
}
