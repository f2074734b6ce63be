/**
 * The messages of docs/product.md#messages ('Account created successfully!', 'Welcome back!',
 * …) as toasts: a list anyone can push to, read by ToastViewport. Pushing
 * mounts the viewport on first use, so pages that never toast never load it.
 */
export type ToastTone = 'success' | 'error'

export interface Toast {
  id: number
  tone: ToastTone
  title: string
  description?: string | undefined
}

let toasts: readonly Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()

function emit(next: readonly Toast[]): void {
  toasts = next
  for (const listener of listeners) listener()
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getToasts(): readonly Toast[] {
  return toasts
}

export function dismissToast(id: number): void {
  emit(toasts.filter((toast) => toast.id !== id))
}

export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++
  emit([...toasts, { ...toast, id }])
  void import('./mount-toasts').then(({ mountToasts }) => mountToasts())
  return id
}
