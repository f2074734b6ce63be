import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { buttonStyles } from '../../../components/ui/button-styles'
import { localizedPath } from '../../../i18n/paths'
import { useSaveIssue } from '../business/mutations'
import type { IssueDraft, NewsletterIssue } from '../business/types'
import { Panel } from '../booking/Panel'
import { ActionStatus } from '../components/ActionStatus'
import { useStaff } from '../context'
import { serverFormIssues, type FormIssue } from '../errors'
import { issuePath } from '../paths'
import { IssueActions } from './IssueActions'
import { IssueFields, type IssueField } from './IssueFields'
import { IssuePreviewFrame } from './IssuePreviewFrame'
import { usePreview } from './use-preview'

const FIELDS = ['subject', 'preheader', 'body_markdown'] as const satisfies readonly IssueField[]

function draftOf(issue: NewsletterIssue | null, lang: IssueDraft['lang']): IssueDraft {
  if (!issue) return { lang, subject: '', preheader: '', body_markdown: '', public: true }
  const { subject, preheader, body_markdown } = issue
  return { lang: issue.lang, subject, preheader, body_markdown, public: issue.public }
}

/** Writing an issue: the fields, the live preview beside them, Save draft, and the actions of a saved issue. */
export function IssueEditor({ issue }: { issue: NewsletterIssue | null }) {
  const { t } = useTranslation('staff')
  const { lang } = useStaff()
  const navigate = useNavigate()
  const [draft, setDraft] = useState(() => draftOf(issue, lang))
  const [issues, setIssues] = useState<Partial<Record<IssueField, FormIssue>>>({})
  const save = useSaveIssue()
  const { preview, error: previewError } = usePreview(draft)
  const readOnly = issue !== null && issue.status !== 'draft'
  const unsaved = issue !== null && JSON.stringify(draft) !== JSON.stringify(draftOf(issue, lang))
  const shown = { ...serverFormIssues(save.error, FIELDS), ...issues }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const missing: Partial<Record<IssueField, FormIssue>> = {}
    if (!draft.subject.trim()) missing.subject = 'required'
    if (!draft.body_markdown.trim()) missing.body_markdown = 'required'
    setIssues(missing)
    if (Object.keys(missing).length > 0) return
    save.mutate(
      { id: issue?.id ?? null, body: draft },
      // A new issue gets its own address once saved: its actions need its id.
      {
        onSuccess: (saved) => {
          if (issue === null) void navigate(localizedPath(issuePath(saved.id), lang), { replace: true })
        },
      },
    )
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <Panel title={t('issue.write')} intro={readOnly ? t('issue.readOnly') : undefined}>
          <form noValidate onSubmit={submit} className="space-y-4">
            <IssueFields draft={draft} onChange={setDraft} issues={shown} readOnly={readOnly} />
            {!readOnly && (
              <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
                {save.isPending ? t('common.saving') : t('issue.save')}
              </button>
            )}
            <ActionStatus done={save.isSuccess ? t('issue.saved') : null} error={save.error} />
          </form>
        </Panel>
        {issue && (
          <Panel title={t('issue.actions')}>
            <IssueActions issue={issue} unsaved={unsaved} />
          </Panel>
        )}
      </div>
      <IssuePreviewFrame preview={preview} error={previewError} />
    </div>
  )
}
