/** Space held for sections that are not there yet, so nothing after them moves into view. */
export function SectionsPlaceholder({ ref }: { ref?: React.Ref<HTMLDivElement> }) {
  return <div ref={ref} className="min-h-[60rem]" />
}
