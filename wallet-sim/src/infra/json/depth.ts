// How deeply a JSON text nests, read without parsing it: JSON.parse itself takes any depth, but
// JSON.stringify and every recursive walker after it overflow the stack past a few thousand levels, and a
// RangeError thrown in a socket's listener ends the process. Messages are refused above a depth instead.

/**
 * The deepest nesting any wallet-sim message needs is a dozen levels (typed data's types and values);
 * a message nested deeper is refused with a coded error before anything reads it.
 */
export const MAX_JSON_DEPTH = 128

/**
 * Whether `text`, read as JSON, opens more than `max` arrays and objects inside one another (brackets in
 * strings do not count). Linear in the text, with no recursion, so any depth is safe to ask about.
 *
 * @example
 * nestedDeeperThan('[[[]]]', 2) // true
 * nestedDeeperThan('{"a":"[[["}', 1) // false
 */
export function nestedDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--
  }
  return false
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
