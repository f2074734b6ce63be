import { describe, expect, it } from 'vitest'
import { QUESTION_MAX, QUESTION_MIN, questionProblemOf, validateQuestion } from './question'

describe('a question about the case', () => {
  it('takes 10 to 2000 characters, counted as a reader counts them, without the edges', () => {
    expect([QUESTION_MIN, QUESTION_MAX]).toEqual([10, 2000])
    expect(validateQuestion('')).toBe('too_short')
    expect(validateQuestion('   short   ')).toBe('too_short')
    expect(validateQuestion('¿Y ahora?')).toBe('too_short') // 9 characters
    expect(validateQuestion('¿Y ahora…?')).toBeNull() // 10, the ellipsis one
    expect(validateQuestion('😀'.repeat(10))).toBeNull() // each emoji is one
    expect(validateQuestion('a'.repeat(2000))).toBeNull()
    expect(validateQuestion(`  ${'a'.repeat(2000)}  `)).toBeNull()
    expect(validateQuestion('a'.repeat(2001))).toBe('too_long')
  })

  it("reads the server's field codes as the same problems", () => {
    expect(questionProblemOf('message_too_short')).toBe('too_short')
    expect(questionProblemOf('message_too_long')).toBe('too_long')
    expect(questionProblemOf('invalid_characters')).toBeNull()
    expect(questionProblemOf(undefined)).toBeNull()
  })
})
