import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { INTL_LOCALE } from '../../../i18n/languages'
import { saveBlob } from '../api/client'
import { fetchDocument } from '../api/requests'
import { ActionStatus } from '../components/ActionStatus'
import { useStaff } from '../context'
import type { BookingDetail, StaffDocument } from '../types'
import { Panel } from './Panel'

function size(bytes: number, locale: string): string {
  const kb = bytes / 1024
  const unit = kb >= 1024 ? 'megabyte' : 'kilobyte'
  const value = kb >= 1024 ? kb / 1024 : kb
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value)
}

/**
 * What the traveller wrote when booking, and the documents they attached. A document needs the
 * bearer token, so it is fetched as bytes and saved through an object URL (each download is
 * logged by the server).
 */
export function TravellerNote({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const { lang } = useStaff()
  const [busy, setBusy] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)

  const download = async (file: StaffDocument) => {
    setBusy(file.id)
    setDone(null)
    setError(null)
    try {
      saveBlob(file.filename, await fetchDocument(booking.id, file.id))
      setDone(t('documents.saved', { file: file.filename }))
    } catch (thrown) {
      setError(thrown)
    } finally {
      setBusy(null)
    }
  }

  return (
    <Panel title={t('documents.title')}>
      <blockquote className="rounded-xl bg-sand-100 p-4 whitespace-pre-line break-words text-ocean-900">{booking.message}</blockquote>
      {booking.documents.length === 0 ? (
        <p className="text-sm text-slate-600">{t('documents.none')}</p>
      ) : (
        <ul className="space-y-2">
          {booking.documents.map((file) => (
            <li key={file.id}>
              <button type="button" className="link-button" disabled={busy !== null} onClick={() => void download(file)}>
                {t('documents.download', { file: file.filename })}
              </button>
              <span className="ml-2 text-sm text-slate-600">{size(file.size_bytes, INTL_LOCALE[lang])}</span>
            </li>
          ))}
        </ul>
      )}
      <ActionStatus done={done} error={error} />
    </Panel>
  )
}
