import type { Dispatch, SetStateAction } from 'react'
import type { Draft } from '../booking-store'
import type { FieldCode } from '../errors'
import type { Lang } from '../../../i18n/languages'
import type { FlowLocation } from './flow-state'

/** A travel document picked in the form; uploaded once the booking exists. */
export interface DocumentEntry {
  key: string
  file: File
  status: 'ready' | 'uploading' | 'uploaded' | 'failed'
  /** The booking it was uploaded to: a new booking (changed form) takes it again. */
  uploadedTo?: string
  code?: FieldCode
}

/** What every step gets from the flow. */
export interface Flow {
  location: FlowLocation
  lang: Lang
  go: (next: FlowLocation, options?: { replace?: boolean }) => void
  draft: Draft
  updateDraft: (update: (draft: Draft) => Draft) => void
  documents: DocumentEntry[]
  setDocuments: Dispatch<SetStateAction<DocumentEntry[]>>
  /** Says something through the flow's polite live region. */
  announce: (message: string) => void
}
