import { Download as DownloadIcon, RefreshCw } from 'lucide-react'
import { useState, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import type { Lang } from '../../../i18n/languages'
import { asApiError } from '../../../lib/api-client'
import type { OrderCredentials } from '../checkout/api'
import { serverNow } from '../checkout/clock'
import { useCheckoutErrorText } from '../checkout/error-text'
import { formatDateTime, languageName } from '../checkout/format'
import { useDownloadFile, useReissueDownload } from '../checkout/queries'
import type { Download } from '../types'

interface Props {
  orderId: string
  downloads: Download[]
  credentials: OrderCredentials
  lang: Lang
  announce: (message: string) => void
}

/**
 * A paid order's files (docs/product.md#store-checkout-and-orders): each a signed link that
 * expires and allows a few downloads; "Get a new link" asks for a fresh one
 * (POST …/downloads/{id}/reissue). "Download" fetches the link, so that a spent one (410
 * `download_expired` or `download_used_up`, 404 `not_found`) is said beside the file instead of
 * saving the refusal as a file.
 */
export function Downloads({ orderId, downloads, credentials, lang, announce }: Props) {
  return (
    <ul className="divide-y divide-sand-200">
      {downloads.map((download) => (
        <DownloadItem key={download.id} orderId={orderId} download={download} credentials={credentials} lang={lang} announce={announce} />
      ))}
    </ul>
  )
}

function DownloadItem({ orderId, download, credentials, lang, announce }: Omit<Props, 'downloads'> & { download: Download }) {
  const { t } = useTranslation('checkout')
  const errorText = useCheckoutErrorText()
  const reissue = useReissueDownload()
  const file = useDownloadFile()
  const [error, setError] = useState<string | null>(null)
  const language = languageName(download.language, lang)
  const expired = Date.parse(download.expires_at) <= serverNow()
  const usable = !expired && download.downloads_left > 0

  const renew = async () => {
    setError(null)
    try {
      await reissue.mutateAsync({ orderId, downloadId: download.id, credentials })
      announce(t('downloads.reissued', { name: download.name }))
    } catch (thrown) {
      const code = asApiError(thrown).code
      setError(code === 'unexpected' || code === 'network' ? t('downloads.reissueError') : errorText(code))
    }
  }

  const save = async (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, save as…) is the browser's own, and so is a link to another
    // origin (a development server behind a proxy), which this page may not read.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if (new URL(download.url, window.location.href).origin !== window.location.origin) return
    event.preventDefault()
    if (file.isPending) return
    setError(null)
    try {
      const { blob, filename } = await file.mutateAsync({ orderId, url: download.url })
      const href = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = href
      link.download = filename ?? `${download.name}.pdf`
      document.body.append(link)
      link.click()
      link.remove()
      // The browser has started saving it: the address can go once this task is done.
      window.setTimeout(() => URL.revokeObjectURL(href), 0)
    } catch (thrown) {
      const refusal = asApiError(thrown)
      setError(refusal.code === 'not_found' ? t('downloads.invalidLink') : errorText(refusal))
    }
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="min-w-0">
        <p className="font-semibold text-ocean-900">{download.name}</p>
        <p className="text-sm text-slate-600">
          {[
            t('downloads.language', { language }),
            expired ? t('downloads.expired') : t('downloads.expires', { date: formatDateTime(download.expires_at, lang) }),
            download.downloads_left > 0 ? t('downloads.left', { count: download.downloads_left }) : t('downloads.noneLeft'),
          ].join(' · ')}
        </p>
        {error && (
          <p className="field-error mt-1" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {usable && (
          <a
            href={download.url}
            download
            onClick={(event) => void save(event)}
            aria-disabled={file.isPending || undefined}
            className={buttonStyles.primary}
            aria-label={t('downloads.downloadLabel', { name: download.name, language })}
          >
            <DownloadIcon aria-hidden="true" size={18} />
            {t('downloads.download')}
          </a>
        )}
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => void renew()}
          disabled={reissue.isPending}
          aria-label={reissue.isPending ? undefined : t('downloads.reissueLabel', { name: download.name, language })}
        >
          <RefreshCw aria-hidden="true" size={18} />
          {reissue.isPending ? t('downloads.reissuing') : t('downloads.reissue')}
        </button>
      </div>
    </li>
  )
}
