import { Component, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'

function LoadError() {
  const { t } = useTranslation()
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-semibold">{t('loadError.title')}</h1>
      <p className="mt-4 text-slate-600">{t('loadError.text')}</p>
      <button type="button" className={`${buttonStyles.primary} mt-8`} onClick={() => window.location.reload()}>
        {t('loadError.retry')}
      </button>
    </div>
  )
}

/**
 * A page whose code fails to load (a dropped connection, or a deploy that
 * replaced its hashed file) shows a way out instead of a blank area.
 * Keyed by path in the layout, so moving to another page clears it.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? <LoadError /> : this.props.children
  }
}
