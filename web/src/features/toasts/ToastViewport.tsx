import { CircleAlert, CircleCheck, X } from 'lucide-react'
import { useEffect, useSyncExternalStore } from 'react'
import { i18n } from '../../i18n/setup'
import { dismissToast, getToasts, subscribeToasts, type Toast } from './toast-store'

// Long enough to read two sentences calmly; each toast can also be closed at once.
const TOAST_MS = 10_000

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_MS)
    return () => window.clearTimeout(timer)
  }, [toast.id])
  const Icon = toast.tone === 'error' ? CircleAlert : CircleCheck
  return (
    <li className={`toast ${toast.tone === 'error' ? 'toast-error' : ''}`}>
      <Icon size={20} aria-hidden="true" className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
      </div>
      <button type="button" className="icon-btn -my-2 -mr-2 size-9" onClick={() => dismissToast(toast.id)}>
        <X size={18} aria-hidden="true" />
        <span className="sr-only">{i18n.t('common:toastClose')}</span>
      </button>
    </li>
  )
}

/** The visible list; the live region around it (index.html) announces each new toast. */
export function ToastViewport() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts)
  if (toasts.length === 0) return null
  return (
    <ul className="toast-list">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ul>
  )
}
