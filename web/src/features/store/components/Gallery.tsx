import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductImage } from '../types'

/**
 * The main image and, when there are several, a row of thumbnails: buttons (Tab, Enter, Space)
 * that show their image in the main place. Every image has its intrinsic size, in a box of fixed
 * ratio, so nothing moves when one arrives or another is chosen.
 */
export function Gallery({ images, name }: { images: ProductImage[]; name: string }) {
  const { t } = useTranslation('store')
  const [index, setIndex] = useState(0)
  const current = images[index] ?? images[0]
  if (!current) return null
  return (
    <div>
      <img
        src={current.src}
        width={current.width}
        height={current.height}
        alt={current.alt}
        fetchPriority={index === 0 ? 'high' : undefined}
        decoding="async"
        className="product-main-img"
      />
      {images.length > 1 && (
        <ul aria-label={t('product.gallery', { name })} className="mt-4 flex flex-wrap gap-3">
          {images.map((image, position) => (
            <li key={`${image.src}-${position}`}>
              <button
                type="button"
                aria-pressed={position === index}
                aria-label={t('product.showImage', { number: position + 1, total: images.length })}
                onClick={() => setIndex(position)}
                className="thumb"
              >
                <img src={image.src} width={image.width} height={image.height} alt="" loading="lazy" decoding="async" className="thumb-img" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
