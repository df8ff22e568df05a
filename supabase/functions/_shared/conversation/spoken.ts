/**
 * How much of an agent's reply a listener heard, for spoken channels that are interrupted. The
 * stored reply is always a prefix of OUR reply: what a channel reports as heard (Twilio's
 * `utteranceUntilInterrupt`, a browser on the sandbox route) only says how far it got, so a
 * caller can never put words in the assistant's mouth.
 */

/** The part of an agent line that was heard: whole words up to `fraction` of it. */
export function spokenPart(text: string, fraction: number): string {
  if (fraction >= 1) return text;
  if (fraction <= 0) return '';
  const cut = Math.round(text.length * fraction);
  // Keep the word being spoken at the cut: the caller heard its start.
  const end = text.slice(cut).search(/\s/);
  return (end === -1 ? text : text.slice(0, cut + end)).trim();
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Letters and digits only, lower-cased: what speech keeps of a text. */
function speechChars(text: string): string {
  let kept = '';
  for (const char of text) if (WORD_CHAR.test(char)) kept += char.toLowerCase();
  return kept;
}

/**
 * The prefix of `reply` that `heard` reports: the longest prefix whose letters and digits match
 * the heard text's (punctuation and spacing ignored); when the heard text is not a prefix of the
 * reply, the reply cut in proportion to the heard text's length.
 */
export function heardPart(reply: string, heard: string): string {
  const wanted = speechChars(heard);
  if (wanted === '') return '';
  let matched = 0;
  let index = 0;
  for (const char of reply) {
    index += char.length;
    if (!WORD_CHAR.test(char)) continue;
    if (char.toLowerCase() !== wanted[matched]) break;
    matched++;
    if (matched === wanted.length) {
      const end = index;
      // All of it heard: the closing punctuation goes with it.
      return speechChars(reply.slice(end)) === '' ? reply : reply.slice(0, end);
    }
  }
  const total = speechChars(reply).length;
  return total === 0 ? '' : spokenPart(reply, wanted.length / total);
}
