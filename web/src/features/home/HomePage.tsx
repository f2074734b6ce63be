import { Suspense } from 'react'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { AdSlot } from '../ads/AdSlot'
import { QuietBoundary } from '../content/components/QuietBoundary'
import { usePageData } from '../content/use-page-data'
import { NewsletterSection } from '../newsletter/components/NewsletterSection'
import { SearchWidget } from '../search/components/SearchWidget'
import { BadExperienceBanner } from './components/BadExperienceBanner'
import { ExploreByType } from './components/ExploreByType'
import { FeaturedDestinations } from './components/FeaturedDestinations'
import { Hero } from './components/Hero'
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

/** Home (SPEC §2): hero, search, help banner, featured destinations, insights, explore by type. */
export default function HomePage() {
  useDocumentMeta({ page: 'home' }, useLang())
  return (
    <div className="flex flex-col gap-16 pb-20 sm:gap-20">
      <div>
        <Hero />
        <SearchWidget />
      </div>
      <BadExperienceBanner />
      {/* If the content cannot load, the search and the ways into the site still work. */}
      <QuietBoundary fallback={null}>
        <Suspense fallback={<div className="min-h-[60rem]" />}>
          <HomeContent />
        </Suspense>
      </QuietBoundary>
      <ExploreByType />
    </div>
  )
}
