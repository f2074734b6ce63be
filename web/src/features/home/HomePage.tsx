import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { BadExperienceBanner } from './components/BadExperienceBanner'
import { Hero } from './components/Hero'

/** Home (SPEC §2). Featured destinations, insights and the search widget arrive with later issues. */
export default function HomePage() {
  useDocumentMeta({ page: 'home' }, useLang())
  return (
    <>
      <Hero />
      <BadExperienceBanner />
    </>
  )
}
