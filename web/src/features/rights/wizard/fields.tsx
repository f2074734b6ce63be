import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import { CURRENCIES, type DraftError, type DraftErrors, type MoneyDraft } from './draft'

/** What every step gets: the field ids' prefix and the messages of its invalid fields. */
export interface StepWiring {
  idPrefix: string
  errors: DraftErrors
}

export const fieldId = (idPrefix: string, name: string) => `${idPrefix}-${name}`
export const errorId = (id: string) => `${id}-error`
export const hintId = (id: string) => `${id}-hint`

/** The ids that describe a control: its hint, then its message. */
export function describedBy(id: string, hint: boolean, error: DraftError | undefined): string | undefined {
  return [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ') || undefined
}

export function FieldMessage({ id, error }: { id: string; error: DraftError | undefined }) {
  const { t } = useTranslation('rights')
  if (!error) return null
  return (
    <p id={errorId(id)} className="field-error">
      {t(`errors.${error}`)}
    </p>
  )
}

export function FieldHint({ id, hint }: { id: string; hint: string | undefined }) {
  if (!hint) return null
  return (
    <p id={hintId(id)} className="field-hint">
      {hint}
    </p>
  )
}

/** A label with "(optional)" after it when the question may be skipped. */
export function LabelText({ text, optional = false }: { text: string; optional?: boolean }) {
  const { t } = useTranslation('rights')
  return (
    <>
      {text}
      {optional && <span className="font-normal text-slate-600"> ({t('details.optional')})</span>}
    </>
  )
}

interface InputProps {
  id: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  error: DraftError | undefined
  hint?: string | undefined
  type?: 'text' | 'date'
  /** Number fields: the keyboard to show ('numeric' for whole numbers). */
  inputMode?: 'numeric' | 'decimal' | undefined
  min?: string | undefined
  max?: string | undefined
  required?: boolean
  className?: string | undefined
  /** Invalid through a message the group shows (hours and minutes share one). */
  invalid?: boolean | undefined
  /** The id of that shared message. */
  describedById?: string | undefined
}

/** A labelled input whose hint and message are read with it. */
export function InputField(props: InputProps) {
  const { id, label, value, onChange, error, hint, type = 'text', inputMode, min, max, required = false, className } = props
  const described = [describedBy(id, Boolean(hint), error), props.describedById].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        inputMode={inputMode}
        value={value}
        min={min}
        max={max}
        required={required}
        autoComplete="off"
        aria-invalid={error || props.invalid ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
        className="field-input"
      />
      <FieldHint id={id} hint={hint} />
      <FieldMessage id={id} error={error} />
    </div>
  )
}

interface ChoiceProps<V extends string> {
  id: string
  legend: ReactNode
  options: readonly { value: V; label: string }[]
  value: V | ''
  onChange: (value: V) => void
  error: DraftError | undefined
  hint?: string | undefined
  /** Cards (the incidents) or a row of pills (yes/no). */
  look?: 'cards' | 'pills'
}

/** A radio group in a fieldset; its message is tied to the group and to each radio. */
export function ChoiceGroup<V extends string>({ id, legend, options, value, onChange, error, hint, look = 'pills' }: ChoiceProps<V>) {
  const described = describedBy(id, Boolean(hint), error)
  return (
    <fieldset id={id} className="field rights-choice-group" aria-describedby={described} aria-invalid={error ? true : undefined}>
      <legend className="field-label">{legend}</legend>
      <FieldHint id={id} hint={hint} />
      <div className={look === 'cards' ? 'rights-cards' : 'rights-pills'}>
        {options.map((option) => (
          <label key={option.value} className={look === 'cards' ? 'rights-card' : 'rights-pill'}>
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-describedby={error ? errorId(id) : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessage id={id} error={error} />
    </fieldset>
  )
}

interface SelectProps {
  id: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  error: DraftError | undefined
  hint?: string | undefined
  placeholder: string
  options: readonly { value: string; label: string }[]
}

export function SelectField({ id, label, value, onChange, error, hint, placeholder, options }: SelectProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        name={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), error)}
        onChange={(event) => onChange(event.target.value)}
        className="field-input"
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHint id={id} hint={hint} />
      <FieldMessage id={id} error={error} />
    </div>
  )
}

const currencyNames = new Map<Lang, Intl.DisplayNames | null>()

function currencyName(code: string, lang: Lang): string {
  if (!currencyNames.has(lang)) {
    try {
      currencyNames.set(lang, new Intl.DisplayNames([lang], { type: 'currency' }))
    } catch {
      currencyNames.set(lang, null)
    }
  }
  const name = currencyNames.get(lang)?.of(code)
  return name && name !== code ? `${code} · ${name}` : code
}

interface MoneyProps {
  id: string
  legend: string
  value: MoneyDraft
  onChange: (value: MoneyDraft) => void
  error: DraftError | undefined
  currency: string
  lang: Lang
  optional: boolean
}

/** An amount and its currency, grouped under one question. */
export function MoneyField({ id, legend, value, onChange, error, currency, lang, optional }: MoneyProps) {
  const { t } = useTranslation('rights')
  const chosen = value.currency || currency
  const codes: readonly string[] = CURRENCIES.includes(chosen as (typeof CURRENCIES)[number]) ? CURRENCIES : [chosen, ...CURRENCIES]
  return (
    <fieldset className="field rights-money">
      <legend id={`${id}-legend`} className="field-label">
        <LabelText text={legend} optional={optional} />
      </legend>
      <div className="rights-money-row">
        <div className="field">
          <label id={`${id}-amount-label`} htmlFor={id} className="field-hint">
            {t('details.amount')}
          </label>
          <input
            id={id}
            name={id}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={value.amount}
            aria-labelledby={`${id}-legend ${id}-amount-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId(id) : undefined}
            onChange={(event) => onChange({ ...value, amount: event.target.value })}
            className="field-input"
          />
        </div>
        <div className="field">
          <label id={`${id}-currency-label`} htmlFor={`${id}-currency`} className="field-hint">
            {t('details.currency')}
          </label>
          <select
            id={`${id}-currency`}
            name={`${id}-currency`}
            value={chosen}
            aria-labelledby={`${id}-legend ${id}-currency-label`}
            onChange={(event) => onChange({ ...value, currency: event.target.value })}
            className="field-input"
          >
            {codes.map((code) => (
              <option key={code} value={code}>
                {currencyName(code, lang)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldMessage id={id} error={error} />
    </fieldset>
  )
}
