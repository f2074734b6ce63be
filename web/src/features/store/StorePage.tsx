import { useTranslation } from 'react-i18next'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'

/** Store. Products, cart and checkout arrive with the store issue. */
export default function StorePage() {
  const { t } = useTranslation('pages')
  useDocumentMeta({ page: 'store' }, useLang())
  return <PageIntro title={t('store.title')} intro={t('store.intro')} />
}
