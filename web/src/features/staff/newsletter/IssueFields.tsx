import { useTranslation } from 'react-i18next'
import { SelectField, TextField } from '../../../components/ui/Field'
import { LANGUAGES } from '../../../i18n/languages'
import type { IssueDraft } from '../business/types'
import { TextArea } from '../components/TextArea'
import type { FormIssue } from '../errors'
import type { Language } from '../types'
import { languageName } from '../words'

export type IssueField = 'subject' | 'preheader' | 'body_markdown'

interface Props {
  draft: IssueDraft
  onChange: (draft: IssueDraft) => void
  issues: Partial<Record<IssueField, FormIssue>>
  /** Only a draft is edited (the server answers `issue_not_editable` otherwise). */
  readOnly: boolean
}

/** An issue's language, subject, preheader, markdown body and whether the public archive shows it. */
export function IssueFields({ draft, onChange, issues, readOnly }: Props) {
  const { t } = useTranslation('staff')
  const set = <K extends keyof IssueDraft>(name: K, value: IssueDraft[K]) => onChange({ ...draft, [name]: value })
  const state = (field: IssueField) => {
    const issue = issues[field]
    return issue ? { invalid: true, error: t(`form.issues.${issue}`) } : undefined
  }
  return (
    <fieldset disabled={readOnly} className="space-y-4">
      <legend className="sr-only">{t('issue.fields')}</legend>
      <SelectField label={t('issue.language')} hint={t('issue.languageHint')} value={draft.lang} onChange={(e) => set('lang', e.target.value as Language)}>
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {languageName(lang)}
          </option>
        ))}
      </SelectField>
      <TextField label={t('issue.subject')} required value={draft.subject} onChange={(e) => set('subject', e.target.value)} state={state('subject')} />
      <TextField label={t('issue.preheader')} hint={t('issue.preheaderHint')} value={draft.preheader} onChange={(e) => set('preheader', e.target.value)} state={state('preheader')} />
      <TextArea
        label={t('issue.body')}
        hint={t('opinion.bodyHint')}
        className="min-h-72 font-mono"
        required
        value={draft.body_markdown}
        onChange={(e) => set('body_markdown', e.target.value)}
        state={state('body_markdown')}
      />
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" className="size-5 accent-ocean-700" checked={draft.public} onChange={(e) => set('public', e.target.checked)} />
        {t('issue.public')}
      </label>
    </fieldset>
  )
}
