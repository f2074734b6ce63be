import { useTranslation } from 'react-i18next'

/** The plans could not be read: said where the step would be, with a way to ask again. */
export function PlansLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('consultations')
  return (
    <div className="form-error flex flex-wrap items-center gap-3" role="alert">
      {t('plans.loadError')}
      <button type="button" className="link-button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  )
}
