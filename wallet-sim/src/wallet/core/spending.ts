// Which allowed session methods let the app move the user's tokens without asking again: transfer,
// transferFrom, approve, increaseAllowance (and NFT safeTransferFrom / setApprovalForAll), by name in any
// case or snake/camel spelling, or by selector hash. The one exception is a `transfer` of a token the session's
// txFees lists: the SDK adds that permission itself to pay gas, and the cosigner lets it pay only the
// paymaster's fee recipient, within the txFees cap over the session's life.

import { readFelt, toHex } from '@webwallet/protocol'

export type SpendingFamily = 'transfer' | 'allowance'

// Names without `_`, lower-cased, and the starknet_keccak selectors of their spellings (checked against
// starknet.js in spending.test.ts).
const BY_NAME: Record<string, SpendingFamily> = {
  transfer: 'transfer',
  transferfrom: 'transfer',
  safetransferfrom: 'transfer',
  approve: 'allowance',
  increaseallowance: 'allowance',
  setapprovalforall: 'allowance',
}
export const SPENDING_SELECTORS: Record<string, string> = {
  '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e': 'transfer',
  '0x41b033f4a31df8067c24d1e9b550a2ce75fd4a29e1147af9752174f0e6cb20': 'transferFrom',
  '0x3704ffe8fba161be0e994951751a5033b1462b918ff785c0a636be718dfdb68': 'transfer_from',
  '0x19d59d013d4aa1a8b1ce4c8299086f070733b453c02d0dc46e735edc04d6444': 'safeTransferFrom',
  '0x16f0218b33b5cf273196787d7cf139a9ad13d58e6674dcdce722b3bf8389863': 'safe_transfer_from',
  '0x219209e083275171774dab1df80982e9df2096516f06319c5c6d71ae0a8480c': 'approve',
  '0x16cc063b8338363cf388ce7fe1df408bf10f16cd51635d392e21d852fafb683': 'increaseAllowance',
  '0x1d13ab0a76d7407b1d5faccd4b3d8a9efe42f3d3c21766431d4fafb30f45bd4': 'increase_allowance',
  '0x2d4c8ea4c8fb9f571d1f6f9b7692fff8e5ceaf73b1df98e7da8c1109b39ae9a': 'setApprovalForAll',
  '0xd86ca3d41635e20c180181046b11abcf19e1bdef3dcaa4c180300ccca1813f': 'set_approval_for_all',
}

/** The method's name, a selector hash read back to its name when it is one we know. */
export function methodName(selector: string): string {
  const felt = /^0x/.test(selector) ? readFelt(selector) : undefined
  return (felt !== undefined && SPENDING_SELECTORS[toHex(felt)]) || selector
}

/**
 * The spending family of a selector (a name or a selector hash), undefined for any other method.
 * @example spendingFamily('increase_allowance') // 'allowance'
 */
export function spendingFamily(selector: string): SpendingFamily | undefined {
  return BY_NAME[methodName(selector).replace(/_/g, '').toLowerCase()]
}

/** Whether a selector is exactly a plain `transfer` (the gas-payment permission's method). */
export function isPlainTransfer(selector: string): boolean {
  return methodName(selector).replace(/_/g, '').toLowerCase() === 'transfer'
}
