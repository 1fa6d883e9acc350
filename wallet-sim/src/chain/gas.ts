// The gas model, in two parts. What Starknet prices by formula is computed here exactly as blockifier
// 0.20 does with the versioned constants of Starknet 0.14.4 (what starknet-devnet 0.10.1 runs): the
// archival data (calldata, signature and event felts), newly allocated storage keys, and the L1 data gas
// of the state diff (`da.ts`). What Cairo meters (steps, builtins, syscalls) does not exist here, so
// each observable action has a fixed L2 gas price, calibrated against starknet-devnet on the same
// transactions. Validation is priced by a formula of the signature length (not metered), so
// `SKIP_VALIDATE` estimates match execution. README.md in this folder lists the numbers.

/**
 * L2 gas per action (the calibrated part). Fit on the cross-check journeys (README.md, "Gas model"):
 * every transaction's total within a few percent of starknet-devnet's.
 */
export const L2_GAS = {
  /** Every transaction: the OS's own work (about 4,800 Cairo steps: hashing, nonce, fee transfer). */
  txBase: 460_000n,
  /** Validation (`__validate__` / `__validate_deploy__`): fixed part, the first signature check included. */
  validateBase: 180_000n,
  /**
   * Validation, per signature felt: the further signature checks and hashing it feeds. Kept small next to
   * a transaction's base cost, as on Starknet, so a session token fits in the margin starknet.js adds to
   * an empty-signature `SKIP_VALIDATE` estimate (README.md).
   */
  perSignatureFelt: 8_000n,
  /** Per entry-point invocation (call_contract, the top-level call, a constructor). */
  call: 200_000n,
  storageRead: 25_000n,
  storageWrite: 75_000n,
  /** Per event emitted (its felts are archival data, priced exactly by `ARCHIVAL`). */
  event: 15_000n,
  deploy: 20_000n,
  /** A Stark ECDSA verification a contract runs while metered (outside executions; validation is by formula). */
  signatureCheck: 100_000n,
  /** A SNIP-12 struct hash a contract computes while metered (outside execution, session). */
  typedDataHash: 25_000n,
} as const

/** Archival data, L2 gas (versioned constants 0.14.4 `archival_data_gas_costs`). */
export const ARCHIVAL = {
  /** Per calldata or signature felt, and per event data felt. */
  perDataFelt: 5_120n,
  /** An event key counts as this many data felts. */
  eventKeyFactor: 2n,
  /** Per byte of declared code (no DECLARE here: for reference). */
  perCodeByte: 1_280n,
} as const

/** A storage key written from zero to non-zero (versioned constants 0.14.4 `allocation_cost.blob_cost`). */
export const ALLOCATION = { l2Gas: 402_000n, l1DataGas: 32n } as const

/** Blob gas per published felt: 2^17 per blob / 4,096 felts per blob (blockifier's eth_gas_constants). */
export const DATA_GAS_PER_FIELD_ELEMENT = 32n

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

/** The fixed price of validating a transaction with this many signature felts (its archival data apart). */
export const validationGas = (signatureLength: number): bigint =>
  L2_GAS.validateBase + L2_GAS.perSignatureFelt * BigInt(signatureLength)

/** Archival L2 gas of a transaction's calldata and signature felts (blockifier's extended calldata). */
export const dataFeltsGas = (calldataLength: number, signatureLength: number): bigint =>
  ARCHIVAL.perDataFelt * BigInt(calldataLength + signatureLength)

/** Archival L2 gas of events: (2 × keys + data felts) × 5,120. */
export function eventsGas(events: readonly { keys: readonly unknown[]; data: readonly unknown[] }[]): bigint {
  let felts = 0n
  for (const e of events) felts += ARCHIVAL.eventKeyFactor * BigInt(e.keys.length) + BigInt(e.data.length)
  return ARCHIVAL.perDataFelt * felts
}

/** Fee in FRI: each resource at the block price, L2 gas at price plus tip. */
export function feeOf(usage: GasUsage, prices: GasPrices, tip: bigint): bigint {
  return (
    usage.l1Gas * prices.l1Gas.fri +
    usage.l2Gas * (prices.l2Gas.fri + tip) +
    usage.l1DataGas * prices.l1DataGas.fri
  )
}
