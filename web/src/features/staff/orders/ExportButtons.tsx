import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { TextField } from '../../../components/ui/Field'
import { saveBlob } from '../api/client'
import { exportCsv } from '../business/requests'
import { ActionStatus } from '../components/ActionStatus'
import { useStaff } from '../context'
import { useToday } from '../use-today'

type Export = 'orders' | 'payouts'

/**
 * The accountant's CSV files for a range of days. They need the bearer token, so a plain link
 * cannot fetch them: the console's client reads them and the browser saves the bytes (a Blob URL).
 */
export function ExportButtons() {
  const { t } = useTranslation('staff')
  const today = useToday(useStaff().zone)
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`)
  const [to, setTo] = useState(today)
  const [busy, setBusy] = useState<Export | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)

  const download = (what: Export) => {
    setBusy(what)
    setDone(null)
    setError(null)
    void exportCsv(what, from, to)
      .then((blob) => {
        const file = `${what}-${from}-${to}.csv`
        saveBlob(file, blob)
        setDone(t('export.saved', { file }))
      }, setError)
      .finally(() => setBusy(null))
  }

  return (
    <section aria-labelledby="orders-export" className="card space-y-4">
      <h2 id="orders-export" className="text-2xl font-semibold">
        {t('export.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('export.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label={t('export.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div className="flex flex-wrap gap-3">
        {(['orders', 'payouts'] as const).map((what) => (
          <button key={what} type="button" className={buttonStyles.secondary} disabled={busy !== null || !from || !to} onClick={() => download(what)}>
            {busy === what ? t('export.working') : t(`export.${what}`)}
          </button>
        ))}
      </div>
      <ActionStatus done={done} error={error} />
    </section>
  )
}
