import { useEffect, useState } from 'react'
import { isAbort } from '../../../lib/api-client'
import { previewIssue } from '../business/requests'
import type { IssuePreview, IssuePreviewRequest } from '../business/types'

/** How long the writer pauses before the preview is asked for (not on every keystroke). */
export const PREVIEW_DELAY_MS = 600

/**
 * The server's rendering of the issue being written (POST /staff/newsletter/preview), asked once
 * the typing pauses; a newer text aborts the older request, so an old answer never wins.
 */
export function usePreview(request: IssuePreviewRequest): { preview: IssuePreview | null; error: unknown } {
  const [preview, setPreview] = useState<IssuePreview | null>(null)
  const [error, setError] = useState<unknown>(null)
  const { lang, subject, preheader, body_markdown } = request
  useEffect(() => {
    if (!subject.trim() && !body_markdown.trim()) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      previewIssue({ lang, subject, preheader, body_markdown }, controller.signal).then(
        (answer) => {
          setPreview(answer)
          setError(null)
        },
        (thrown: unknown) => {
          if (!isAbort(thrown)) setError(thrown)
        },
      )
    }, PREVIEW_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [lang, subject, preheader, body_markdown])
  return { preview, error }
}
