/**
 * Space kept for what a later issue wires in (SPEC §2: the mid-content and bottom ads,
 * the newsletter section), so that nothing below moves when it arrives. Empty for now.
 */
export function ReservedSlot({ slot }: { slot: 'ad-mid-content' | 'ad-bottom' | 'newsletter' }) {
  return <div data-slot={slot} className={`reserved-slot reserved-${slot.startsWith('ad') ? 'ad' : 'newsletter'}`} />
}
