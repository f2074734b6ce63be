import { Link } from 'react-router'
import type { DestinationSummary } from '../types'
import { CoverImage } from './CoverImage'

interface Props {
  destination: DestinationSummary
  headingLevel?: 2 | 3
  /** A short label above the title, e.g. "Region". */
  eyebrow?: string
  /** The home page's first card: its image is in the first screen on phones. */
  priority?: boolean
}

/** A destination card (docs/product.md#home): title, description, image, link. */
export function DestinationCard({ destination, headingLevel = 2, eyebrow, priority = false }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="content-card">
      <CoverImage image={destination.image} priority={priority} />
      <div className="content-card-body">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <Heading className="content-card-title">
          <Link to={destination.path} className="card-link">
            {destination.title}
          </Link>
        </Heading>
        <p className="content-card-text">{destination.description}</p>
      </div>
    </article>
  )
}
