import { useMutation } from '@tanstack/react-query'
import { useAppQueryClient } from '../../../lib/query/query-client'
import { staffKeys } from '../api/queries'
import { businessKeys } from './queries'
import * as api from './requests'
import type { BanRequest, IssueDraft, NewDiscount, NewsletterIssue, RefundRequest, SendRequest, ShipRequest, StaffOrderDetail, StaffUserDetail, StockChange } from './types'

/**
 * One hook per write, like api/mutations.ts. A write that answers the whole record puts it in
 * the cache at once; every list is then asked again (a status, a figure may have moved).
 */
function useRecordWrite<A, R>(key: readonly unknown[], write: (arg: A) => Promise<R>) {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: write,
      onSuccess: (record: R) => {
        client.setQueryData(key, record)
        void client.invalidateQueries({ queryKey: staffKeys.lists })
      },
    },
    client,
  )
}

/** A write whose answer is not a cached record: only the lists are read again. */
function useListWrite<A, R>(write: (arg: A) => Promise<R>) {
  const client = useAppQueryClient()
  return useMutation({ mutationFn: write, onSuccess: () => void client.invalidateQueries({ queryKey: staffKeys.lists }) }, client)
}

export const useShipOrder = (id: string) => useRecordWrite<ShipRequest, StaffOrderDetail>(businessKeys.order(id), (body) => api.shipOrder(id, body))
export const useCancelOrder = (id: string) => useRecordWrite<void, StaffOrderDetail>(businessKeys.order(id), () => api.cancelOrder(id))
/** The caller keeps the key per submission (see orders/RefundForm.tsx). */
export const useRefundOrder = (id: string) =>
  useRecordWrite<{ body: RefundRequest; key: string }, StaffOrderDetail>(businessKeys.order(id), ({ body, key }) => api.refundOrder(id, body, key))

export const useAdjustStock = () => useListWrite(({ sku, body }: { sku: string; body: StockChange }) => api.adjustStock(sku, body))

export const useCreateDiscount = () => useListWrite((body: NewDiscount) => api.createDiscount(body))
export const useSetDiscountActive = () => useListWrite(({ code, active }: { code: string; active: boolean }) => api.setDiscountActive(code, active))

/** Saves a draft: creates it the first time (no id yet), updates it afterwards. */
export function useSaveIssue() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: ({ id, body }: { id: string | null; body: IssueDraft }) => (id ? api.updateIssue(id, body) : api.createIssue(body)),
      onSuccess: (issue: NewsletterIssue) => {
        client.setQueryData(businessKeys.issue(issue.id), issue)
        void client.invalidateQueries({ queryKey: staffKeys.lists })
      },
    },
    client,
  )
}
export const useSendTestIssue = () => useMutation({ mutationFn: (id: string) => api.sendTestIssue(id) }, useAppQueryClient())
export const useSendIssue = (id: string) => useRecordWrite<SendRequest, NewsletterIssue>(businessKeys.issue(id), (body) => api.sendIssue(id, body))
export const useUnscheduleIssue = (id: string) => useRecordWrite<void, NewsletterIssue>(businessKeys.issue(id), () => api.unscheduleIssue(id))

export const useBanUser = (id: string) => useRecordWrite<BanRequest, StaffUserDetail>(businessKeys.user(id), (body) => api.banUser(id, body))
export const useResendConfirmation = (id: string) => useMutation({ mutationFn: () => api.resendConfirmation(id) }, useAppQueryClient())
