import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { postalCodeExample, type FieldProblem } from './address'

/**
 * The words beside a field: a problem the browser's checks found, or the server's 400 named
 * (problems.ts reads its codes into the same ones). A postal code shows its country's form.
 */
export function useFieldErrorText(): (problem: FieldProblem, country?: string) => string {
  const { t } = useTranslation('checkout')
  return useCallback(
    (problem: FieldProblem, country = '') => {
      if (problem === 'postal_code_invalid') {
        const example = postalCodeExample(country)
        return example ? t('fieldErrors.postal_code_format', { example }) : t('fieldErrors.postal_code_invalid')
      }
      return t(`fieldErrors.${problem}`)
    },
    [t],
  )
}
