import { FileText, X } from 'lucide-react'
import { useId, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { INTL_LOCALE } from '../time'
import type { BookingDocument } from '../../../lib/api/types'
import { useConfig } from '../../../lib/config-context'
import { checkDocument, DOCUMENT_ACCEPT } from '../validation'
import type { Lang } from '../../../i18n/languages'
import type { DocumentEntry } from './flow-types'

interface Props {
  lang: Lang
  entries: DocumentEntry[]
  onChange: (update: (entries: DocumentEntry[]) => DocumentEntry[]) => void
  /** Documents already attached to the held booking (after a reload the files themselves are gone). */
  attached: BookingDocument[]
  disabled?: boolean
}

/** "2.4 MB" / "830 KB" in the page's language. */
export function formatSize(bytes: number, lang: Lang): string {
  const mb = bytes / (1024 * 1024)
  const [value, unit] = mb >= 1 ? [mb, 'megabyte'] : [Math.max(1, Math.round(bytes / 1024)), 'kilobyte']
  return new Intl.NumberFormat(INTL_LOCALE[lang], { style: 'unit', unit, maximumFractionDigits: 1 }).format(value)
}

let sequence = 0

/**
 * Travel documents (PDF, JPEG or PNG, 10 MB each, 5 per booking). Each file is checked here
 * by its first bytes and size before it is accepted; the upload happens once the booking
 * exists, and the server checks again.
 */
export function DocumentPicker({ lang, entries, onChange, attached, disabled = false }: Props) {
  const { t } = useTranslation('consultations')
  const id = useId()
  const [refusals, setRefusals] = useState<string[]>([])
  const attachedHere = attached.filter((document) => !entries.some((entry) => entry.uploadedTo && entry.status === 'uploaded' && entry.file.name === document.filename))
  const count = entries.length + attachedHere.length

  const { documentsPerBooking: documentsMax, documentMaxBytes } = useConfig().limits.booking
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const files = [...(input.files ?? [])]
    input.value = '' // the same file can be picked again after a removal
    const refused: string[] = []
    const accepted: DocumentEntry[] = []
    let room = documentsMax - count
    for (const file of files) {
      const code = room <= 0 ? 'too_many_documents' : await checkDocument(file, documentMaxBytes)
      if (code) {
        refused.push(t('documents.refused', { name: file.name, reason: t(`fieldErrors.${code}`) }))
        continue
      }
      room--
      accepted.push({ key: `doc-${++sequence}`, file, status: 'ready' })
    }
    setRefusals(refused)
    if (accepted.length > 0) onChange((current) => [...current, ...accepted])
  }

  const statusText = (entry: DocumentEntry) =>
    entry.status === 'failed' && entry.code ? t(`fieldErrors.${entry.code}`) : t(`documents.status.${entry.status}`)

  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {t('documents.label')}
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {t('documents.hint', { max: documentsMax })}
      </p>
      <input
        id={id}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        disabled={disabled || count >= documentsMax}
        onChange={(event) => void pick(event)}
        aria-describedby={[`${id}-hint`, refusals.length > 0 ? `${id}-refused` : ''].filter(Boolean).join(' ')}
        aria-invalid={refusals.length > 0 || undefined}
        className="block w-full rounded-xl border border-dashed border-slate-500 bg-sand-50 p-3 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-ocean-800 file:px-4 file:py-2 file:font-semibold file:text-white"
      />
      {refusals.length > 0 && (
        <div id={`${id}-refused`} role="alert">
          <ul className="space-y-1">
            {refusals.map((refusal) => (
              <li key={refusal} className="field-error">
                {refusal}
              </li>
            ))}
          </ul>
        </div>
      )}
      {count > 0 && (
        <ul aria-label={t('documents.listLabel', { count, max: documentsMax })} className="mt-2 space-y-2">
          {attachedHere.map((document) => (
            <li key={document.id} className="flex items-center gap-3 rounded-xl bg-sand-100 px-3 py-2 text-sm">
              <FileText aria-hidden="true" size={18} className="shrink-0 text-ocean-700" />
              <span className="min-w-0 grow break-all">{document.filename}</span>
              <span className="text-slate-600">{t('documents.status.uploaded')}</span>
            </li>
          ))}
          {entries.map((entry) => (
            <li key={entry.key} className="flex items-center gap-3 rounded-xl bg-sand-100 px-3 py-2 text-sm">
              <FileText aria-hidden="true" size={18} className="shrink-0 text-ocean-700" />
              <span className="min-w-0 grow">
                <span className="block break-all">{entry.file.name}</span>
                <span className={entry.status === 'failed' ? 'field-error' : 'text-slate-600'}>
                  {formatSize(entry.file.size, lang)} · {statusText(entry)}
                </span>
              </span>
              {entry.status !== 'uploaded' && entry.status !== 'uploading' && (
                <button
                  type="button"
                  className="icon-btn"
                  disabled={disabled}
                  onClick={() => onChange((current) => current.filter((other) => other.key !== entry.key))}
                >
                  <X aria-hidden="true" size={18} />
                  <span className="sr-only">{t('documents.remove', { name: entry.file.name })}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
