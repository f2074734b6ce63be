import type { Booking } from '../../../lib/api/types'
import { asApiError, fieldCode } from '../errors'
import { useUploadDocument } from '../mutations'
import type { DocumentEntry, Flow } from './flow-types'

/**
 * The picked travel documents, sent to a held booking one by one. `upload` skips those this
 * booking already has, marks each entry (uploading, uploaded, failed with its code) and
 * answers false when a file was refused.
 */
export function useDocumentUploads({ documents, setDocuments }: Pick<Flow, 'documents' | 'setDocuments'>) {
  const mutation = useUploadDocument()
  const upload = async (booking: Booking, token: string): Promise<boolean> => {
    let allUploaded = true
    for (const entry of documents) {
      if (entry.status === 'uploaded' && entry.uploadedTo === booking.id) continue
      const mark = (patch: Partial<DocumentEntry>) =>
        setDocuments((current) => current.map((other) => (other.key === entry.key ? { ...other, ...patch } : other)))
      mark({ status: 'uploading', code: undefined })
      try {
        await mutation.mutateAsync({ id: booking.id, token, file: entry.file })
        mark({ status: 'uploaded', uploadedTo: booking.id })
      } catch (thrown) {
        const error = asApiError(thrown)
        mark({ status: 'failed', code: fieldCode(error.code === 'network' ? 'invalid' : error.code) })
        allUploaded = false
      }
    }
    return allUploaded
  }
  return { upload }
}
