import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { isFieldProblem, postalCodeExample } from './address'

/**
 * The words beside a field: a code of ours (the browser's check, or the server's 422 naming
 * one), or the server's own sentence when it sent words rather than a code.
 */
export function useFieldErrorText(): (problem: string, country?: string) => string {
  const { t } = useTranslation('checkout')
  return useCallback(
    (problem: string, country = '') => {
      if (problem === 'postal_code_invalid') {
        const example = postalCodeExample(country)
        return example ? t('fieldErrors.postal_code_format', { example }) : t('fieldErrors.postal_code_invalid')
      }
      if (isFieldProblem(problem)) return t(`fieldErrors.${problem}`)
      // An unknown code reads as the generic sentence; a sentence is the server's, already in the page's language.
      return /^[a-z0-9_]+$/.test(problem) ? t('fieldErrors.invalid') : problem
    },
    [t],
  )
}
