import { useTranslation } from 'react-i18next'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { LegalDocument } from './LegalDocument'

export default function TermsPage() {
  const { t } = useTranslation('legal')
  useDocumentMeta({ page: 'terms' }, useLang())
  return <LegalDocument title={t('terms.title')} intro={t('terms.intro')} sections={t('terms.sections', { returnObjects: true })} />
}
