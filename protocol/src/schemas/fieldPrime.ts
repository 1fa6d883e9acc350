// In a module of its own, without zod, for the zod-free readers (calldata compilation) to import.

/** The Stark field prime 2^251 + 17·2^192 + 1. */
export const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n
