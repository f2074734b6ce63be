import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'

interface Props {
  page: number
  pages: number
  onPage: (page: number) => void
}

/** Previous and next page, with where the reader is ("Page 2 of 5"). */
export function Pager({ page, pages, onPage }: Props) {
  const { t } = useTranslation('staff')
  if (pages <= 1) return null
  return (
    <nav aria-label={t('pager.label')} className="flex flex-wrap items-center gap-3">
      <button type="button" className={buttonStyles.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <p>{t('pager.where', { page, pages })}</p>
      <button type="button" className={buttonStyles.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  )
}
