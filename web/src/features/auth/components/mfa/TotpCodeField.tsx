import type { InputHTMLAttributes } from 'react'
import { TextField } from '../../../../components/ui/Field'
import type { BoundField } from '../../hooks/use-form-issues'
import { reauthCodeDigits } from '../../validation'

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  label: string
  field: BoundField<'code'>
  /** Kind of code: six digits from an authenticator app, or a recovery code as typed. */
  kind?: 'totp' | 'recovery'
  /** What else describes the field (the step's instructions), read after its own problem. */
  describedBy?: string | undefined
  /** The id of the server's refusal of this code, shown beside the form: the field is then invalid. */
  problemId?: string | undefined
}

/** Where a focus should land in a code form: the code field, its text selected for retyping. */
export function focusCode(form: HTMLFormElement | null): void {
  const input = form?.querySelector<HTMLInputElement>('input[name="code"]')
  input?.focus()
  input?.select()
}

/**
 * The one-time code field of two-step verification: numeric keypad and the browser's one-time-code
 * autofill for app codes; recovery codes are letters and digits, kept as typed.
 */
export function TotpCodeField({ label, field, kind = 'totp', describedBy, problemId, ...input }: Props) {
  const totp = kind === 'totp'
  const described = [field.state.describedBy, problemId, describedBy].filter(Boolean).join(' ') || undefined
  return (
    <TextField
      label={label}
      autoComplete={totp ? 'one-time-code' : 'off'}
      inputMode={totp ? 'numeric' : 'text'}
      autoCapitalize="none"
      spellCheck={false}
      {...input}
      name={field.name}
      value={field.value}
      onChange={(event) => field.onChange({ target: { value: totp ? reauthCodeDigits(event.target.value) : event.target.value } })}
      state={{ ...field.state, invalid: field.state.invalid || Boolean(problemId), describedBy: described }}
    />
  )
}
