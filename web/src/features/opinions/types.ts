/**
 * The public opinions API (docs/decisions/014-consultants-deliver.md), as the generated
 * OpenAPI types name it. The page data block carries exactly the same JSON.
 */

/** What an opinion is about, in the order the filter shows them. */
export const OPINION_CATEGORIES = ['airline', 'airport', 'hotel', 'agency', 'rail', 'bus', 'insurance', 'other'] as const
export type OpinionCategory = (typeof OPINION_CATEGORIES)[number]

export type { OpinionSummary, OpinionPage } from '../../lib/api/types'
export type { OpinionSummaryList as OpinionList } from '../../lib/api/types'
