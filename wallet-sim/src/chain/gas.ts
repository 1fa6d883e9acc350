// The deterministic gas model. Cairo steps do not exist here, so each observable action has a fixed
// price in L2 gas, and the state diff a transaction publishes costs L1 data gas per felt. Validation is
// priced by a formula of the signature length (not metered), so `SKIP_VALIDATE` estimates match
// execution exactly. README.md in this folder lists the numbers.

/** L2 gas per action. */
export const L2_GAS = {
  /** Every transaction: the protocol's own work (hashing, nonce, fee transfer). */
  txBase: 200_000n,
  /** Validation (`__validate__` / `__validate_deploy__`): fixed part. */
  validateBase: 150_000n,
  /**
   * Validation, per signature felt: 1,500 as data (like a calldata felt) plus 1,000 toward the signature
   * checks it feeds. Small next to a transaction's base cost, as on Starknet, so a ~40-felt session token
   * fits in the margin starknet.js adds to an empty-signature `SKIP_VALIDATE` estimate (README.md).
   */
  perSignatureFelt: 2_500n,
  /** Per calldata felt of the transaction. */
  perCalldataFelt: 1_500n,
  /** Per entry-point invocation (call_contract, the top-level call, a constructor). */
  call: 40_000n,
  storageRead: 2_000n,
  storageWrite: 12_000n,
  event: 8_000n,
  perEventFelt: 1_000n,
  deploy: 100_000n,
} as const

/** L1 data gas per felt of published state diff. */
export const L1_DATA_GAS_PER_WORD = 16n

/** Gas prices of a block, per resource, in FRI (STRK) and WEI (ETH). */
export interface GasPrices {
  readonly l1Gas: { readonly fri: bigint; readonly wei: bigint }
  readonly l2Gas: { readonly fri: bigint; readonly wei: bigint }
  readonly l1DataGas: { readonly fri: bigint; readonly wei: bigint }
}

/** Defaults in the range Starknet Sepolia shows (FRI per gas unit); WEI at 1 ETH = 10,000 STRK. */
export const DEFAULT_GAS_PRICES: GasPrices = {
  l1Gas: { fri: 50_000_000_000_000n, wei: 5_000_000_000n },
  l2Gas: { fri: 8_000_000_000n, wei: 800_000n },
  l1DataGas: { fri: 2_000_000_000n, wei: 200_000n },
}

/** The three resources a V3 transaction pays for. */
export interface GasUsage {
  l1Gas: bigint
  l2Gas: bigint
  l1DataGas: bigint
}

/**
 * Counts L2 gas while a transaction runs; the node reads `used` after each phase.
 * @example const m = new GasMeter(); m.charge(L2_GAS.storageWrite)
 */
export class GasMeter {
  used = 0n
  /** false while validation runs: validation is priced by formula instead. */
  metering = true

  charge(amount: bigint): void {
    if (this.metering) this.used += amount
  }
}

/** The fixed price of validating a transaction with this many signature felts. */
export const validationGas = (signatureLength: number): bigint =>
  L2_GAS.validateBase + L2_GAS.perSignatureFelt * BigInt(signatureLength)

/** Fee in FRI: each resource at the block price, L2 gas at price plus tip. */
export function feeOf(usage: GasUsage, prices: GasPrices, tip: bigint): bigint {
  return (
    usage.l1Gas * prices.l1Gas.fri +
    usage.l2Gas * (prices.l2Gas.fri + tip) +
    usage.l1DataGas * prices.l1DataGas.fri
  )
}
