import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import type { Reason } from '../rules/types'
import { asks, defaultCurrency, DETAILS, REASONS, type Detail, type Draft, type YesNo } from './draft'
import { ChoiceGroup, describedBy, FieldMessage, fieldId, InputField, LabelText, MoneyField, SelectField, type StepWiring } from './fields'

interface Props extends StepWiring {
  draft: Draft
  lang: Lang
  today: string
  onChange: (patch: Partial<Draft>) => void
}

/** Step 3: only the questions the incident needs (draft.ts DETAILS), in that order. */
export function DetailsStep(props: Props) {
  const { t } = useTranslation('rights')
  const { draft } = props
  if (draft.incident === '') return null
  return (
    <div className="rights-fields">
      <p className="text-sm leading-relaxed text-slate-600">{t('details.intro')}</p>
      {DETAILS[draft.incident].ask
        .filter((detail) => asks(draft, detail))
        .map((detail) => (
          <DetailField key={detail} detail={detail} {...props} />
        ))}
    </div>
  )
}

/** One question of step 3. */
function DetailField({ detail, draft, lang, today, onChange, idPrefix, errors }: Props & { detail: Detail }) {
  const { t } = useTranslation('rights')
  const id = (name: string) => fieldId(idPrefix, name)
  const optional = (name: Detail) => draft.incident === '' || !DETAILS[draft.incident].required.includes(name)
  const yesNo = (yes = t('details.yes'), no = t('details.no')) => [
    { value: 'yes' as const, label: yes },
    { value: 'no' as const, label: no },
  ]
  const delayId = id('arrivalDelay')
  const delayError = errors.delayHours ?? errors.delayMinutes

  switch (detail) {
    case 'arrivalDelay':
      return (
        <fieldset className="field" aria-describedby={describedBy(delayId, false, delayError)}>
          <legend className="field-label">
            <LabelText text={t('details.arrivalDelay')} optional={optional('arrivalDelay')} />
          </legend>
          <div className="rights-duration">
            <InputField
              id={id('delayHours')}
              label={t('details.hours')}
              inputMode="numeric"
              value={draft.delayHours}
              onChange={(delayHours) => onChange({ delayHours })}
              error={undefined}
              invalid={Boolean(errors.delayHours)}
              describedById={delayError ? `${delayId}-error` : undefined}
            />
            <InputField
              id={id('delayMinutes')}
              label={t('details.minutes')}
              inputMode="numeric"
              value={draft.delayMinutes}
              onChange={(delayMinutes) => onChange({ delayMinutes })}
              error={undefined}
              invalid={Boolean(errors.delayMinutes)}
              describedById={delayError ? `${delayId}-error` : undefined}
            />
          </div>
          <FieldMessage id={delayId} error={delayError} />
        </fieldset>
      )
    case 'noticeDays':
      return (
        <InputField
          id={id('noticeDays')}
          label={<LabelText text={t('details.noticeDays')} optional={optional('noticeDays')} />}
          hint={t('details.noticeDaysHint')}
          inputMode="numeric"
          value={draft.noticeDays}
          onChange={(noticeDays) => onChange({ noticeDays })}
          error={errors.noticeDays}
          className="rights-narrow"
        />
      )
    case 'reroute':
      return (
        <>
          <ChoiceGroup<'yes' | 'no'>
            id={id('rerouteOffered')}
            legend={t('details.rerouteOffered')}
            options={yesNo()}
            value={draft.rerouteOffered}
            onChange={(rerouteOffered: YesNo) => onChange({ rerouteOffered })}
            error={errors.rerouteOffered}
          />
          {draft.rerouteOffered === 'yes' && (
            <>
              <InputField
                id={id('rerouteEarlierHours')}
                label={t('details.rerouteEarlierHours')}
                hint={t('details.rerouteEarlierHint')}
                inputMode="decimal"
                value={draft.rerouteEarlierHours}
                onChange={(rerouteEarlierHours) => onChange({ rerouteEarlierHours })}
                error={errors.rerouteEarlierHours}
                className="rights-narrow"
              />
              <InputField
                id={id('rerouteLaterHours')}
                label={t('details.rerouteLaterHours')}
                inputMode="decimal"
                value={draft.rerouteLaterHours}
                onChange={(rerouteLaterHours) => onChange({ rerouteLaterHours })}
                error={errors.rerouteLaterHours}
                className="rights-narrow"
              />
            </>
          )}
        </>
      )
    case 'reason':
      return (
        <SelectField
          id={id('reason')}
          label={<LabelText text={t('details.reason')} optional={optional('reason')} />}
          placeholder={t('details.chooseReason')}
          options={REASONS.map((reason) => ({ value: reason, label: t(`details.reasons.${reason}`) }))}
          value={draft.reason}
          onChange={(reason) => onChange({ reason: reason as Reason | '' })}
          error={errors.reason}
        />
      )
    case 'wait':
      return (
        <InputField
          id={id('waitHours')}
          label={<LabelText text={t('details.waitHours')} optional />}
          inputMode="decimal"
          value={draft.waitHours}
          onChange={(waitHours) => onChange({ waitHours })}
          error={errors.waitHours}
          className="rights-narrow"
        />
      )
    case 'volunteered':
      return (
        <ChoiceGroup<'yes' | 'no'>
          id={id('volunteered')}
          legend={t('details.volunteered')}
          options={yesNo(t('details.volunteeredYes'), t('details.volunteeredNo'))}
          value={draft.volunteered}
          onChange={(volunteered: YesNo) => onChange({ volunteered })}
          error={errors.volunteered}
        />
      )
    case 'ticketPrice':
      return money('ticketPrice')
    case 'expenses':
      return money('expenses')
    case 'downgradeLegPrice':
      return money('downgradeLegPrice')
    case 'luggageValue':
      return money('luggageValue')
    case 'luggageReceivedDate':
      return (
        <InputField
          id={id('luggageReceivedDate')}
          type="date"
          label={<LabelText text={t('details.luggageReceivedDate')} optional={optional('luggageReceivedDate')} />}
          hint={optional('luggageReceivedDate') ? t('details.luggageReceivedHint') : undefined}
          min={draft.date || undefined}
          max={today}
          value={draft.luggageReceivedDate}
          onChange={(luggageReceivedDate) => onChange({ luggageReceivedDate })}
          error={errors.luggageReceivedDate}
          className="rights-narrow"
        />
      )
    case 'packageTravel':
      return (
        <ChoiceGroup<'yes' | 'no'>
          id={id('packageTravel')}
          legend={t('details.packageTravel')}
          options={yesNo()}
          value={draft.packageTravel}
          onChange={(packageTravel: YesNo) => onChange({ packageTravel })}
          error={errors.packageTravel}
        />
      )
  }

  function money(name: 'ticketPrice' | 'expenses' | 'downgradeLegPrice' | 'luggageValue') {
    return (
      <MoneyField
        id={id(name)}
        legend={t(`details.${name}`)}
        value={draft[name]}
        onChange={(value) => onChange({ [name]: value })}
        error={errors[name]}
        currency={defaultCurrency(draft, lang)}
        lang={lang}
        optional={optional(name)}
      />
    )
  }
}
