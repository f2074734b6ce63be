import { useId, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { asApiError } from '../../../lib/api-client'
import { useProfile, useRemoveAvatar, useUploadAvatar } from '../api/profile-queries'
import { knownAuthErrorKey } from '../auth-errors'
import { AVATAR_ACCEPT, avatarFileProblem } from '../avatar-file'
import { displayName } from '../display-name'
import { useAuth } from '../hooks/use-auth'
import { Avatar } from './Avatar'

type Outcome = { tone: 'success' | 'error'; text: string } | null
const SIZE = 96

/** The chosen picture as a data: address, for the preview (the CSP allows data: images, not blob:). */
function readAsDataUrl(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader()
    reader.addEventListener('load', () => resolve(typeof reader.result === 'string' ? reader.result : null))
    reader.addEventListener('error', () => resolve(null))
    reader.readAsDataURL(file)
  })
}

/**
 * The profile photo at the top of the profile card: the picture (or the initials) in a box of
 * fixed size, 'Change photo' (a real file input; the type and the 2 MB are checked before
 * anything is sent), a preview while it uploads, and 'Remove photo'. The answer goes into the
 * profile's cache, so the header's avatar menu changes with it.
 */
export function ProfilePhoto() {
  const { t } = useTranslation('auth')
  const { user, session } = useAuth()
  const token = session?.access_token
  const { profile, loading } = useProfile(user?.id, token)
  const upload = useUploadAvatar(token)
  const remove = useRemoveAvatar(token)
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const id = useId()
  const [inputId, hintId, messageId] = [`${id}-file`, `${id}-hint`, `${id}-message`]
  const name = displayName(profile, user, t('user'))
  const current = profile?.avatar_url ?? null

  const failure = (thrown: unknown, fallback: 'uploadFailed' | 'removeFailed'): Outcome => {
    const error = asApiError(thrown)
    if (error.code === 'unsupported_image') return { tone: 'error', text: t('account.photo.unsupported') }
    if (error.code === 'image_too_large') return { tone: 'error', text: t('account.photo.tooLarge') }
    const known = knownAuthErrorKey({ code: error.code, status: error.status })
    return { tone: 'error', text: known ? t(`errors.${known}`) : t(`account.photo.${fallback}`) }
  }

  const run = async (kind: 'upload' | 'remove', work: () => Promise<unknown>, done: string) => {
    setBusy(kind)
    setOutcome(null)
    try {
      await work()
      setOutcome({ tone: 'success', text: done })
    } catch (thrown) {
      setOutcome(failure(thrown, kind === 'upload' ? 'uploadFailed' : 'removeFailed'))
    } finally {
      setPreview(null)
      setBusy(null)
    }
  }

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    // The same file chosen again after a refusal is a new choice.
    event.currentTarget.value = ''
    if (!file || busy || !token) return
    const problem = avatarFileProblem(file)
    if (problem) return setOutcome({ tone: 'error', text: t(`account.photo.${problem}`) })
    await run(
      'upload',
      async () => {
        setPreview(await readAsDataUrl(file))
        await upload.mutateAsync(file)
      },
      t('account.photo.uploaded'),
    )
  }

  const removePhoto = () => {
    if (busy || !token) return
    void run('remove', () => remove.mutateAsync(), t('account.photo.removed'))
  }

  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-4">
      <div
        className={`grid size-24 shrink-0 place-items-center transition-opacity ${busy === 'upload' ? 'opacity-60' : ''}`}
        aria-busy={busy !== null || undefined}
      >
        <Avatar name={name} url={preview ?? current} size={SIZE} />
      </div>
      <div className="min-w-0 flex-1 space-y-3">
        <h3 className="font-sans text-base font-semibold">
          {t('account.photo.heading')}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <span className="file-pick relative">
            <input
              id={inputId}
              type="file"
              accept={AVATAR_ACCEPT}
              className="sr-only"
              disabled={busy !== null || loading}
              aria-describedby={`${hintId} ${messageId}`}
              onChange={choose}
            />
            <label htmlFor={inputId} className={buttonStyles.secondary}>
              {busy === 'upload' ? t('account.photo.uploading') : current ? t('account.photo.change') : t('account.photo.add')}
            </label>
          </span>
          {current && (
            <button type="button" disabled={busy !== null} onClick={removePhoto} aria-describedby={messageId} className={buttonStyles.quiet}>
              {busy === 'remove' ? t('account.photo.removing') : t('account.photo.remove')}
            </button>
          )}
        </div>
        <p id={hintId} className="text-sm text-slate-600">
          {t('account.photo.hint')}
        </p>
        <output id={messageId} className={`block ${outcome ? (outcome.tone === 'error' ? 'form-error' : 'form-success') : ''}`}>
          {outcome?.text}
        </output>
      </div>
    </div>
  )
}
