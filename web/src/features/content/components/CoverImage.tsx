import type { ImageInfo } from '../types'

interface Props {
  image: ImageInfo
  className?: string
  /** The page's main image: fetched first, never lazily. */
  priority?: boolean
}

/**
 * A content illustration with its intrinsic size, so the browser reserves its box
 * before it arrives (no layout shift); `.cover-img` crops it to the card's ratio.
 */
export function CoverImage({ image, className = '', priority = false }: Props) {
  return (
    <img
      src={image.url}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={`cover-img ${className}`}
    />
  )
}
