import type { SocialLinks } from '../../lib/config'
import instagram from './social/instagram.svg'
import linkedin from './social/linkedin.svg'
import x from './social/x.svg'
import youtube from './social/youtube.svg'

// Brand glyphs drawn by hand in the stroke style of our lucide icons (lucide
// no longer ships brand marks). Image files rather than inline SVG: they are
// only fetched when a deployment configures social links.
const ICONS: Record<keyof SocialLinks, string> = { linkedin, x, instagram, youtube }

/** Decorative: the link around it carries the accessible name. */
export function SocialIcon({ network }: { network: keyof SocialLinks }) {
  return <img src={ICONS[network]} width={20} height={20} alt="" />
}
