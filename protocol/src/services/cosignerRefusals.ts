// Why the session cosigner refuses to co-sign: the `status` of its 403 answer. Plain data, no zod: the error
// table types SignSessionError's `data.status` with it, and that entry stays zod-free.

/** Every refusal the cosigner answers, as its 403 body's `status`. */
export const COSIGNER_REFUSALS = [
  'feeCapExceeded',
  'feeTransferNotAllowed',
  'forbiddenCall',
  'invalidCalldata',
  'invalidSessionAuthorisation',
  'invalidSessionSignature',
  'invalidTransaction',
  'methodNotAllowed',
  'outsideExecutionExpired',
  'p256InvokeNotAllowed',
  'sessionExpired',
  'sessionRevoked',
  'unknownSession',
  'unsupportedChain',
] as const

/** A refusal of the cosigner (`{status}` of its 403 answer). */
export type CosignerRefusal = (typeof COSIGNER_REFUSALS)[number]

/**
 * Whether a value is one of the cosigner's refusals.
 *
 * @example isCosignerRefusal('sessionExpired') // true
 */
export const isCosignerRefusal = (value: unknown): value is CosignerRefusal =>
  (COSIGNER_REFUSALS as readonly unknown[]).includes(value)
