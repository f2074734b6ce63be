import { useTranslation } from 'react-i18next'
import type { SearchError } from '../search-model'

interface Props {
  id: string
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: SearchError
  type?: 'text' | 'date'
  required?: boolean
  min?: string
  autoComplete?: string
}

/** A labelled input whose message is tied to it (aria-invalid, aria-describedby). */
export function SearchField({ id, name, label, value, onChange, error, type = 'text', required = false, min, autoComplete }: Props) {
  const { t } = useTranslation('search')
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
        {!required && <span className="font-normal text-slate-600"> ({t('optional')})</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        min={min}
        required={required}
        autoComplete={autoComplete ?? 'off'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="field-input"
      />
      {error && (
        <p id={errorId} className="field-error">
          {t(`errors.${error}`)}
        </p>
      )}
    </div>
  )
}

interface CountProps {
  id: string
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  range: { min: number; max: number }
}

/** A number chosen from a short range (passengers 1–6, rooms 1–5): always valid. */
export function CountField({ id, name, label, value, onChange, range }: CountProps) {
  const options = Array.from({ length: range.max - range.min + 1 }, (_, index) => String(range.min + index))
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)} className="field-input">
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  )
}
