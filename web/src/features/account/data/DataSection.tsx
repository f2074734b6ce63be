import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { FormMessage } from '../../../components/ui/Field'
import { apiErrorText } from '../api/error-text'
import { currentToken, fetchMyData } from '../api/account-api'
import { saveFile } from './save-file'

type State = { name: 'idle' } | { name: 'busy' } | { name: 'started'; file: string } | { name: 'failed'; reason: string }

/**
 * "Your data" (docs/product.md#account-page): everything kept about the person, from
 * GET /api/v1/account/export, saved as the JSON file the server names. Loaded lazily.
 */
export default function DataSection() {
  const { t } = useTranslation('account')
  const { t: errors } = useTranslation('errors')
  const [state, setState] = useState<State>({ name: 'idle' })
  const introId = useId()
  const busy = state.name === 'busy'

  const download = async () => {
    if (busy) return
    setState({ name: 'busy' })
    try {
      const file = await fetchMyData(await currentToken())
      saveFile(file.name, file.blob)
      setState({ name: 'started', file: file.name })
    } catch (error) {
      setState({ name: 'failed', reason: apiErrorText(errors, error) })
    }
  }

  return (
    <section aria-labelledby="data-heading" className="card">
      <h2 id="data-heading" className="text-2xl font-semibold">
        {t('data.heading')}
      </h2>
      <p id={introId} className="mt-2 text-sm text-slate-600">
        {t('data.intro')}
      </p>
      <button type="button" disabled={busy} aria-describedby={introId} onClick={() => void download()} className={`${buttonStyles.secondary} mt-4`}>
        {busy ? t('data.preparing') : t('data.download')}
      </button>
      {/* Said politely as it happens; the space below the button holds one line or two. */}
      <div className="mt-4 min-h-10">
        <output className={state.name === 'started' ? 'form-success block' : 'sr-only'}>
          {state.name === 'started' ? t('data.started', { file: state.file }) : ''}
        </output>
        <FormMessage tone="error">{state.name === 'failed' ? `${t('data.failed')} ${state.reason}` : null}</FormMessage>
      </div>
    </section>
  )
}
