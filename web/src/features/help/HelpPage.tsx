import { ShieldCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'

/** Help. Plans, booking, payment and FAQ arrive with the consultations issue. */
export default function HelpPage() {
  const { t } = useTranslation('help')
  useDocumentMeta({ page: 'help' }, useLang())
  return (
    <PageIntro title={t('page.title')} intro={t('page.intro')}>
      <p className="mt-6 flex gap-3 rounded-2xl bg-ocean-50 p-5 leading-relaxed text-ocean-900">
        <ShieldCheck aria-hidden="true" size={24} className="shrink-0 text-ocean-700" />
        {t('page.promise')}
      </p>
    </PageIntro>
  )
}
