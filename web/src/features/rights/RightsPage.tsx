import { useTranslation } from 'react-i18next'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { RightsWizard } from './wizard/RightsWizard'

/**
 * /help/rights: the free passenger-rights checker (issue 16). What the traveller answers stays
 * in the browser: the rules run here, and the only request is the airport search.
 */
export default function RightsPage() {
  const { t } = useTranslation('rights')
  useDocumentMeta({ page: 'helpRights' }, useLang())
  return (
    <article>
      <PageIntro title={t('page.title')} intro={t('page.intro')} />
      <div className="mx-auto max-w-3xl px-4 pb-16">
        <RightsWizard />
      </div>
    </article>
  )
}
