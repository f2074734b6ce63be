import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { useErrorText } from '../errors'

interface Props<T> {
  query: UseQueryResult<T>
  /** What is loading, said politely ("Loading the agenda…"). */
  loading: string
  children: (data: T) => ReactNode
}

/** A read as a section shows it: a polite loading line, the refusal with a retry, or the data. */
export function QueryView<T>({ query, loading, children }: Props<T>) {
  const { t } = useTranslation('staff')
  const errorText = useErrorText()
  if (query.isSuccess) return <>{children(query.data)}</>
  if (query.isError && !query.isFetching) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="form-error">{errorText(query.error)}</p>
        <button type="button" className={buttonStyles.secondary} onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    )
  }
  return (
    <output aria-busy="true" className="block min-h-24 text-slate-600">
      {loading}
    </output>
  )
}
