import type { PostSummary } from '../types'
import { PostCard } from './PostCard'

interface Props {
  posts: PostSummary[]
  headingLevel?: 2 | 3
  label?: string
}

/** Post cards as a list (screen readers announce "list, 6 items"). */
export function PostGrid({ posts, headingLevel, label }: Props) {
  return (
    <ul className="card-grid" aria-label={label}>
      {posts.map((post) => (
        <li key={post.slug} className="flex">
          <PostCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  )
}
