import { useTranslation } from 'react-i18next'
import { TextField } from '../../../../components/ui/Field'
import { LANGUAGE_NAMES } from '../../../../i18n/languages'
import { TextArea } from '../../components/TextArea'
import type { Language, OpinionText } from '../../types'
import type { OpinionIssue, OpinionIssues } from './opinion-form'

interface Props {
  lang: Language
  required: boolean
  text: OpinionText
  issues: OpinionIssues
  issueText: (issue: OpinionIssue | undefined) => string | undefined
  onChange: (text: OpinionText) => void
}

/** One language's title and body (markdown), in a fieldset named by the language and whether it is required. */
export function OpinionTextFields({ lang, required, text, issues, issueText, onChange }: Props) {
  const { t } = useTranslation('staff')
  const titleIssue = issues[`${lang}.title`]
  const bodyIssue = issues[`${lang}.body`]
  return (
    <fieldset lang={lang} className="space-y-3 rounded-2xl border border-sand-200 p-4">
      <legend className="px-1 font-semibold text-ocean-900">
        {t(required ? 'opinion.languageRequired' : 'opinion.languageOptional', { language: LANGUAGE_NAMES[lang] })}
      </legend>
      <TextField
        label={t('opinion.textTitle')}
        value={text.title}
        required={required}
        onChange={(event) => onChange({ ...text, title: event.target.value })}
        state={{ invalid: Boolean(titleIssue), error: issueText(titleIssue) }}
      />
      <TextArea
        label={t('opinion.textBody')}
        hint={t('opinion.bodyHint')}
        value={text.body}
        required={required}
        className="min-h-48"
        onChange={(event) => onChange({ ...text, body: event.target.value })}
        state={{ invalid: Boolean(bodyIssue), error: issueText(bodyIssue) }}
      />
    </fieldset>
  )
}
