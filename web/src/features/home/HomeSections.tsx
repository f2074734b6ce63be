import { Suspense } from 'react'
import { useLang } from '../../i18n/use-lang'
import { AdSlot } from '../ads/AdSlot'
import { QuietBoundary } from '../content/components/QuietBoundary'
import { usePageData } from '../content/use-page-data'
import { NewsletterSection } from '../newsletter/components/NewsletterSection'
import { BadExperienceBanner } from './components/BadExperienceBanner'
import { ExploreByType } from './components/ExploreByType'
import { FeaturedDestinations } from './components/FeaturedDestinations'
import { SectionsPlaceholder } from './components/SectionsPlaceholder'
import { Testimonials } from './components/Testimonials'
import { TravelInsights } from './components/TravelInsights'
import { homeRequest } from './home-requests'

/** The sections that come from the database (embedded in the first page, else the API). */
function HomeContent() {
  const lang = useLang()
  const home = usePageData(homeRequest(lang))
  return (
    <>
      <FeaturedDestinations destinations={home.featured} />
      <AdSlot kind="mid-content" />
      <TravelInsights key={lang} first={home.latest} />
      <Testimonials testimonials={home.testimonials} />
      <NewsletterSection />
      <AdSlot kind="bottom" />
    </>
  )
}

/** Everything of the home page below the search: the help banner, the content, explore by type. */
export default function HomeSections() {
  return (
    <>
      <BadExperienceBanner />
      {/* If the content cannot load, the search and the ways into the site still work. */}
      <QuietBoundary fallback={null}>
        <Suspense fallback={<SectionsPlaceholder />}>
          <HomeContent />
        </Suspense>
      </QuietBoundary>
      <ExploreByType />
    </>
  )
}

