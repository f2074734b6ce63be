import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { SelectField, TextField } from '../../../components/ui/Field'
import { useCreateDiscount } from '../business/mutations'
import { DISCOUNT_KINDS } from '../business/types'
import { ActionStatus } from '../components/ActionStatus'
import { useStaff } from '../context'
import { fieldCodes } from '../errors'
import { isOneOf } from '../types'
import { buildDiscount, EMPTY_DISCOUNT, SERVER_DISCOUNT_FIELDS, type DiscountField, type DiscountFormState, type DiscountIssue } from './discount-form'

/** A new discount code (POST /staff/discounts); `discount_exists` when the code is taken. */
export function NewDiscountForm() {
  const { t } = useTranslation('staff')
  const { zone } = useStaff()
  const [state, setState] = useState<DiscountFormState>(EMPTY_DISCOUNT)
  const [issues, setIssues] = useState<Partial<Record<DiscountField, DiscountIssue | 'invalid'>>>({})
  const create = useCreateDiscount()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const built = buildDiscount(state, zone)
    if ('issues' in built) {
      setIssues(built.issues)
      return
    }
    setIssues({})
    create.mutate(built.body, {
      onSuccess: () => setState(EMPTY_DISCOUNT),
      onError: (error) => {
        // The server's per-field refusals, under the form's own field names.
        const server: Partial<Record<DiscountField, 'invalid'>> = {}
        for (const name of Object.keys(fieldCodes(error))) {
          const field = SERVER_DISCOUNT_FIELDS[name]
          if (field) server[field] = 'invalid'
        }
        setIssues(server)
      },
    })
  }
  const field = (name: DiscountField) => {
    const issue = issues[name]
    return issue ? { invalid: true, error: t(`discounts.issues.${issue}`) } : undefined
  }
  const set = (name: Exclude<keyof DiscountFormState, 'kind'>, value: string) => setState((old) => ({ ...old, [name]: value }))
  const chooseKind = (kind: string) => {
    if (isOneOf(DISCOUNT_KINDS, kind)) setState((old) => ({ ...old, kind }))
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField label={t('discounts.code')} hint={t('discounts.codeHint')} required value={state.code} onChange={(e) => set('code', e.target.value)} state={field('code')} />
        <SelectField label={t('discounts.kind')} value={state.kind} onChange={(e) => chooseKind(e.target.value)}>
          {DISCOUNT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`discounts.kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={state.kind === 'percent' ? t('discounts.percent') : t('discounts.fixed')}
          inputMode="decimal"
          required
          value={state.amount}
          onChange={(e) => set('amount', e.target.value)}
          state={field('amount')}
        />
        <TextField label={t('discounts.minSubtotal')} inputMode="decimal" value={state.minSubtotal} onChange={(e) => set('minSubtotal', e.target.value)} state={field('minSubtotal')} />
        <TextField label={t('discounts.expiresAt', { zone })} type="datetime-local" value={state.expiresAt} onChange={(e) => set('expiresAt', e.target.value)} state={field('expiresAt')} />
        <TextField label={t('discounts.maxUses')} inputMode="numeric" value={state.maxUses} onChange={(e) => set('maxUses', e.target.value)} state={field('maxUses')} />
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={create.isPending}>
        {create.isPending ? t('common.saving') : t('discounts.create')}
      </button>
      <ActionStatus done={create.isSuccess ? t('discounts.created', { code: create.data.code }) : null} error={create.error} />
    </form>
  )
}
