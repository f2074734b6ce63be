import { useTranslation } from 'react-i18next'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { LegalDocument } from './LegalDocument'

export default function CopyrightPage() {
  const { t } = useTranslation('legal')
  useDocumentMeta({ page: 'copyright' }, useLang())
  return (
    <LegalDocument
      title={t('copyright.title')}
      intro={t('copyright.intro')}
      sections={t('copyright.sections', { returnObjects: true })}
    />
  )
}
