// The field every felt lives in, alone in its module: the calldata compiler (a lazy chunk of the SDK) and
// the session felts (its initial code) both read it, and a bundler gives a module shared that way a file of
// its own, so it carries nothing else.

/** The Stark field prime 2^251 + 17·2^192 + 1: every felt is below it. */
export const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n
