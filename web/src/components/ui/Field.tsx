import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'

/** How a field shows its problem: the props its input and message need. */
export interface FieldState {
  /** The message shown under this field (translated), if the problem is only this field's. */
  error?: string | undefined
  invalid: boolean
  /** The form-level message this field shares with others ('Please complete all fields'). */
  describedBy?: string | undefined
}

interface Common {
  label: string
  state?: FieldState | undefined
  hint?: string | undefined
}

/** Ids and ARIA of one labelled control: its hint and its error are read with it. */
function useFieldWiring({ state, hint }: Common) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = state?.error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId, state?.describedBy].filter(Boolean).join(' ') || undefined
  return { id, hintId, errorId, control: { id, 'aria-invalid': state?.invalid || undefined, 'aria-describedby': describedBy } }
}

function Frame({ label, state, hint, wiring, children }: Common & { wiring: ReturnType<typeof useFieldWiring>; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={wiring.id} className="field-label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={wiring.hintId} className="field-hint">
          {hint}
        </p>
      )}
      {state?.error && (
        <p id={wiring.errorId} className="field-error">
          {state.error}
        </p>
      )}
    </div>
  )
}

export function TextField({ label, state, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const wiring = useFieldWiring({ label, state, hint })
  return (
    <Frame label={label} state={state} hint={hint} wiring={wiring}>
      <input {...input} {...wiring.control} className="field-input" />
    </Frame>
  )
}

export function SelectField({ label, state, hint, children, ...select }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const wiring = useFieldWiring({ label, state, hint })
  return (
    <Frame label={label} state={state} hint={hint} wiring={wiring}>
      <select {...select} {...wiring.control} className="field-input">
        {children}
      </select>
    </Frame>
  )
}

/** A message about the whole form: validation (polite) or the server's answer (assertive). */
export function FormMessage({ id, tone, children }: { id?: string; tone: 'error' | 'success'; children: ReactNode }) {
  if (!children) return null
  return (
    <p id={id} role={tone === 'error' ? 'alert' : 'status'} className={tone === 'error' ? 'form-error' : 'form-success'}>
      {children}
    </p>
  )
}
