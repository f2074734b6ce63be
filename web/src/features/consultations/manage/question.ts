/** A question about the case: 10 to 2000 characters (the contract's rule; the server checks again). */
export const QUESTION_MIN = 10
export const QUESTION_MAX = 2000

export type QuestionProblem = 'too_short' | 'too_long'

/** Characters as a reader counts them (an accented letter or an emoji is one), without the edges' spaces. */
function length(value: string): number {
  return [...value.trim()].length
}

export function validateQuestion(message: string): QuestionProblem | null {
  const count = length(message)
  if (count < QUESTION_MIN) return 'too_short'
  if (count > QUESTION_MAX) return 'too_long'
  return null
}

/** The server's field code for `message` as one of ours, when it is one of ours. */
export function questionProblemOf(fieldCode: string | undefined): QuestionProblem | null {
  if (fieldCode === 'message_too_short' || fieldCode === 'too_short') return 'too_short'
  if (fieldCode === 'message_too_long' || fieldCode === 'too_long') return 'too_long'
  return null
}
