import { useTranslation } from 'react-i18next'
import { useErrorText } from '../errors'
import type { IssuePreview } from '../business/types'
import { applyDeferredStyles, deferInlineStyles } from './preview-styles'

/**
 * The e-mail as subscribers will see it, in a sandboxed iframe (no scripts, no forms, no
 * navigation of the console): the HTML is the server's, yet the console never runs what it holds.
 * Same origin only so that the console can set the e-mail's inline styles (preview-styles.ts).
 */
export function IssuePreviewFrame({ preview, error }: { preview: IssuePreview | null; error: unknown }) {
  const { t } = useTranslation('staff')
  const errorText = useErrorText()
  return (
    <section aria-labelledby="issue-preview" className="space-y-3">
      <h2 id="issue-preview" className="text-2xl font-semibold">
        {t('issue.preview')}
      </h2>
      <output aria-live="polite" className="block text-sm text-slate-600">
        {preview ? t('issue.previewSubject', { subject: preview.subject }) : t('issue.previewEmpty')}
      </output>
      {Boolean(error) && (
        <p role="alert" className="form-error">
          {errorText(error)}
        </p>
      )}
      {preview && (
        <iframe
          title={t('issue.previewFrame')}
          sandbox="allow-same-origin"
          srcDoc={deferInlineStyles(preview.html)}
          onLoad={(event) => applyDeferredStyles(event.currentTarget.contentDocument)}
          className="h-[36rem] w-full rounded-2xl border border-sand-200 bg-white"
        />
      )}
    </section>
  )
}
