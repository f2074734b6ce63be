const MARK = '\u0000'

interface Props {
  /** Renders the sentence with the e-mail placeholder replaced by MARK. */
  sentence: (email: string) => string
  email: string
}

/**
 * A translated sentence with a clickable e-mail address inside it
 * ("Write to us at {{email}}."), keeping the word order of each language.
 */
export function EmailSentence({ sentence, email }: Props) {
  const [before = '', after = ''] = sentence(MARK).split(MARK)
  return (
    <>
      {before}
      <a href={`mailto:${email}`} className="font-medium text-ocean-700 underline underline-offset-2">
        {email}
      </a>
      {after}
    </>
  )
}
