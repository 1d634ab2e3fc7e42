import type { SpliceMessages } from '../../provider/messages.js';

/** A state, problem, kind or outcome's message: `up_to_date` of `syncState` is `syncStateUpToDate`. */
export const wordsOf = (messages: SpliceMessages, prefix: string, code: string): string =>
  messages[`${prefix}${code.replace(/(?:^|_)(\w)/g, (_, c: string) => c.toUpperCase())}` as 'syncHeading'];
