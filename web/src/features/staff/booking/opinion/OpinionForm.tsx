import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { SelectField, TextField } from '../../../../components/ui/Field'
import { INTL_LOCALE } from '../../../../i18n/languages'
import { useSaveOpinion } from '../../api/mutations'
import { ActionStatus } from '../../components/ActionStatus'
import { useStaff } from '../../context'
import { codeOf } from '../../errors'
import { countryName } from '../../format'
import { languageOf, OPINION_CATEGORIES, type BookingDetail } from '../../types'
import { checkOpinion, draftOf, languagesFor, serverIssues, type OpinionDraft, type OpinionIssue, type OpinionIssues } from './opinion-form'
import { OpinionTextFields } from './OpinionTextFields'

/**
 * The opinion's draft: category, country, outcome, and a title and markdown body per language
 * (the traveller's required). Saved with PUT …/opinion; the server refuses the traveller's
 * personal data (422 `personal_data`), which is said beside each field it names.
 */
export function OpinionForm({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const { lang } = useStaff()
  const [draft, setDraft] = useState<OpinionDraft>(() => draftOf(booking.opinion, booking))
  const [issues, setIssues] = useState<OpinionIssues>({})
  const save = useSaveOpinion(booking.id)
  const formRef = useRef<HTMLFormElement>(null)
  // The traveller's language, whose text the opinion must have (the server's fallback too: English).
  const required = languageOf(booking.language) ?? 'en'

  // After a refusal, the first field to fix takes the focus: in an effect, so the fields already
  // say which are invalid (a frame callback could run before React commits them, under load).
  const [focusRequests, setFocusRequests] = useState(0)
  useEffect(() => {
    if (focusRequests > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequests])
  const focusFirstIssue = () => setFocusRequests((count) => count + 1)

  const change = (next: Partial<OpinionDraft>) => setDraft((current) => ({ ...current, ...next }))
  const issueText = (issue: OpinionIssue | undefined) => (issue ? t(`opinion.issues.${issue}`) : undefined)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkOpinion(draft, required)
    if ('issues' in checked) {
      setIssues(checked.issues)
      return focusFirstIssue()
    }
    setIssues({})
    save.mutate(checked.body, {
      onError: (error) => {
        setIssues(serverIssues(error))
        focusFirstIssue()
      },
    })
  }

  const personal = codeOf(save.error) === 'personal_data'
  const countryHint = countryName(draft.country, INTL_LOCALE[lang])
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={t('opinion.category')}
          value={draft.category}
          onChange={(event) => change({ category: event.target.value as OpinionDraft['category'] })}
          state={{ invalid: Boolean(issues.category), error: issueText(issues.category) }}
        >
          <option value="">{t('opinion.chooseCategory')}</option>
          {OPINION_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`categories.${category}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('opinion.country')}
          hint={countryHint === draft.country ? t('opinion.countryHint') : countryHint}
          value={draft.country}
          maxLength={2}
          autoCapitalize="characters"
          onChange={(event) => change({ country: event.target.value.toUpperCase() })}
          state={{ invalid: Boolean(issues.country), error: issueText(issues.country) }}
        />
        <TextField
          label={t('opinion.outcome')}
          hint={t('opinion.outcomeHint')}
          value={draft.outcome}
          onChange={(event) => change({ outcome: event.target.value })}
          state={{ invalid: Boolean(issues.outcome), error: issueText(issues.outcome) }}
        />
      </div>
      {languagesFor(required).map((language) => (
        <OpinionTextFields
          key={language}
          lang={language}
          required={language === required}
          text={draft.texts[language]}
          issues={issues}
          issueText={issueText}
          onChange={(text) => change({ texts: { ...draft.texts, [language]: text } })}
        />
      ))}
      <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
        {save.isPending ? t('common.saving') : t('opinion.save')}
      </button>
      <ActionStatus
        done={save.isSuccess ? t('opinion.saved') : null}
        error={save.error}
        errorMessage={personal ? t('opinion.personalData') : Object.keys(issues).length > 0 ? t('opinion.fixFields') : undefined}
      />
    </form>
  )
}
