import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../../components/ui/Field'
import { LANGUAGE_NAMES, LANGUAGES } from '../../../i18n/languages'
import { formIssue } from '../errors'
import type { ConsultantDraft, ConsultantField, FormIssues } from './consultant-form'

interface Props {
  draft: ConsultantDraft
  issues: FormIssues<ConsultantField>
  /** A new consultant is named by a staff user's e-mail; an existing one can be set inactive. */
  mode: 'add' | 'edit'
  onChange: (draft: ConsultantDraft) => void
}

/** A consultant's fields: name, zone, weekly hours, languages (checkboxes), and active. */
export function ConsultantFields({ draft, issues, mode, onChange }: Props) {
  const { t } = useTranslation('staff')
  const say = (field: ConsultantField) => {
    const issue = formIssue(issues[field])
    return { invalid: Boolean(issue), error: issue ? t(`form.issues.${issue}`) : undefined }
  }
  const set = (next: Partial<ConsultantDraft>) => onChange({ ...draft, ...next })
  const languages = say('languages')
  const languagesError = useId()
  return (
    <div className="space-y-4">
      {mode === 'add' && (
        <TextField label={t('consultant.email')} type="email" autoComplete="off" value={draft.email} onChange={(e) => set({ email: e.target.value })} state={say('email')} />
      )}
      <TextField label={t('consultant.name')} value={draft.name} onChange={(e) => set({ name: e.target.value })} state={say('name')} />
      <TextField
        label={t('consultant.timeZone')}
        hint={t('consultant.timeZoneHint')}
        value={draft.time_zone}
        onChange={(e) => set({ time_zone: e.target.value })}
        state={say('time_zone')}
      />
      <TextField
        label={t('consultant.weeklyHours')}
        hint={t('consultant.weeklyHoursHint')}
        value={draft.weekly_hours}
        onChange={(e) => set({ weekly_hours: e.target.value })}
        state={say('weekly_hours')}
      />
      <fieldset aria-describedby={languages.error ? languagesError : undefined} className="space-y-2">
        <legend className="field-label">{t('consultant.languages')}</legend>
        <div className="flex flex-wrap gap-4">
          {LANGUAGES.map((lang) => (
            <label key={lang} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-ocean-700"
                checked={draft.languages.includes(lang)}
                onChange={(e) => set({ languages: e.target.checked ? [...draft.languages, lang] : draft.languages.filter((l) => l !== lang) })}
              />
              {LANGUAGE_NAMES[lang]}
            </label>
          ))}
        </div>
        {languages.error && (
          <p id={languagesError} className="field-error">
            {languages.error}
          </p>
        )}
      </fieldset>
      {mode === 'edit' && (
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-5 accent-ocean-700" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />
          {t('consultant.active')}
        </label>
      )}
    </div>
  )
}
