import { lazy, Suspense } from 'react'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { SearchWidget } from '../search/components/SearchWidget'
import { Hero } from './components/Hero'
import { SectionsPlaceholder } from './components/SectionsPlaceholder'
import { useLoadWhenNeeded } from '../../components/ui/use-load-when-needed'

// The hero and the search fill the first screen (981 px high on a desktop); what follows
// downloads once the visitor heads for it, so the first screen costs less JavaScript.
const HomeSections = lazy(() => import('./HomeSections'))

/** Home (docs/product.md#home): hero, search, help banner, featured destinations, insights, explore by type. */
export default function HomePage() {
  useDocumentMeta({ page: 'home' }, useLang())
  const [wanted, placeholder] = useLoadWhenNeeded<HTMLDivElement>()
  return (
    <div className="flex flex-col gap-16 pb-20 sm:gap-20">
      <div>
        <Hero />
        <SearchWidget />
      </div>
      {wanted ? (
        <Suspense fallback={<SectionsPlaceholder />}>
          <HomeSections />
        </Suspense>
      ) : (
        <SectionsPlaceholder ref={placeholder} />
      )}
    </div>
  )
}
