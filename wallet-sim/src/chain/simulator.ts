// The simulator's chain host: the current chain and accounts, block-time mining, dump/load/restart
// and `--state FILE` persistence (a snapshot plus an fsynced journal of blocks, admitted transactions, aborts
// and clock moves).
import type { DevHost } from '../rpc/devnetMethods'
import { Chain } from './chain'
import { type ChainCheckpoint, restoreCheckpoint, takeCheckpoint } from './checkpoint'
import { Checkpoints } from './checkpoints'
import type { Felt } from './contract'
import { ETH_ADDRESS, erc20BalanceOf, STRK_ADDRESS, splitU256 } from './contracts/index'
import { RpcCode, RpcError } from './errors'
import { selectorOf, toHex } from './felt'
import { createChain, type GenesisOptions, type Minter, type PredeployedAccount } from './genesis'
import { abortEntry, blockEntry, type ChainEntry, clockEntry, replayEntry, txEntry } from './persistJournal'
import { type ChainStore, type CompactionPolicy, openChainStore } from './persistStore'
import { signInvoke } from './sign'
import { warmBaseTable, warmPublicKey } from './signature'
import type { ChainSnapshot } from './snapshot'

/** How long after startup the dev accounts' key tables start being built (see warmKeys). */
const WARM_DELAY_MS = 200

/** Options of the simulated chain: the genesis (seed, accounts, balances) and where its state persists. @example new Simulator({ seed: 1, stateFile: 'chain.json' }) */
export interface SimulatorOptions extends GenesisOptions {
  /** Persist the chain here (a snapshot, and a journal in `FILE.journal`) and load it at start. */
  readonly stateFile?: string
  /** When the `stateFile` journal is folded into a new snapshot (default: once it is as big as the snapshot). */
  readonly compaction?: CompactionPolicy
}

interface Dump {
  readonly format: 'wallet-sim/dump@1'
  readonly accounts: readonly PredeployedAccount[]
  readonly minter: Minter
  readonly chain: ChainSnapshot
}

/**
 * Owns the chain that the RPC serves; `restart()` and `load()` swap it for a new one.
 * @example const sim = new Simulator({ seed: 1 }); sim.chain.latest.number // 0
 */
export class Simulator implements DevHost {
  chain!: Chain
  accounts!: readonly PredeployedAccount[]
  private minter!: Minter
  private timer: ReturnType<typeof setInterval> | undefined
  private readonly store: ChainStore | undefined
  private closed = false
  /** Stops journaling the current chain (it is about to be replaced). */
  private detach: (() => void) | undefined
  /** pre_confirmed transactions already on disk (journaled or in the snapshot): a block entry skips them. */
  private onDisk = new Set<string>()
  private readonly replaceListeners = new Set<(chain: Chain) => void>()
  private readonly checkpoints = new Checkpoints<{
    chain: ChainCheckpoint
    accounts: readonly PredeployedAccount[]
    minter: Minter
  }>()

  constructor(readonly options: SimulatorOptions = {}) {
    this.store = options.stateFile ? openChainStore(options.stateFile, options.compaction) : undefined
    const saved = this.store?.load()
    if (!saved) {
      this.restart()
      return
    }
    const { chain, accounts, minter } = this.fromDump(saved.dump)
    for (const entry of saved.entries) replayEntry(chain, entry)
    this.use(chain, accounts, minter, false)
  }

  /** The chain and accounts as one JSON-safe object (devnet_dump). */
  dump(): Dump {
    return {
      format: 'wallet-sim/dump@1',
      accounts: this.accounts,
      minter: this.minter,
      chain: this.chain.snapshot(),
    }
  }

  /** Replaces the chain and accounts with a `dump()` (devnet_load). */
  load(snapshot: unknown): void {
    let loaded: ReturnType<Simulator['fromDump']>
    try {
      loaded = this.fromDump(snapshot)
    } catch (error) {
      // Whatever is wrong with a dump is the caller's input: the current chain stays as it was.
      throw new RpcError(
        RpcCode.INVALID_PARAMS,
        `snapshot: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    const { chain, accounts, minter } = loaded
    this.use(chain, accounts, minter, true)
  }

  /**
   * Calls `listener` with the new chain each time `restart()` or `load()` replaces the current one (the
   * WebSocket API ends its subscriptions then); returns an unsubscribe function.
   * @example sim.onChainReplaced((chain) => console.log('now at block', chain.latest.number))
   */
  onChainReplaced(listener: (chain: Chain) => void): () => void {
    this.replaceListeners.add(listener)
    return () => this.replaceListeners.delete(listener)
  }

  /**
   * devnet_snapshot: saves the chain in memory (copy-on-write, see checkpoint.ts) and answers its id.
   * @example const id = sim.snapshot(); sim.mint(a, 1n, 'FRI'); sim.revert(id)
   */
  snapshot(): number {
    const { chain, accounts, minter } = this
    return this.checkpoints.take({ chain: takeCheckpoint(chain), accounts, minter })
  }

  /**
   * devnet_revert: serves the chain saved under `id` again and forgets `id` and every later snapshot (Anvil's
   * evm_revert). Like devnet_load it is a new chain: WebSocket subscriptions end, and a `--state` file is
   * rewritten with it. Throws -1 "No snapshot found" for an unknown id.
   */
  revert(id: number): void {
    const saved = this.checkpoints.revert(id)
    const chain = new Chain({ ...this.chainOptions(), chainId: saved.chain.chainId })
    restoreCheckpoint(chain, saved.chain)
    this.use(chain, saved.accounts, saved.minter, true)
  }

  /** A fresh genesis with the same options (devnet_restart). */
  restart(): void {
    const { chain, accounts, minter } = createChain({ ...this.options, ...this.chainOptions() })
    this.use(chain, accounts, minter, true)
  }

  private fromDump(snapshot: unknown) {
    const dump = snapshot as Dump
    if (dump?.format !== 'wallet-sim/dump@1') throw new Error('not a wallet-sim dump (devnet_dump output)')
    const chain = Chain.fromSnapshot(dump.chain, this.chainOptions())
    return { chain, accounts: dump.accounts, minter: dump.minter }
  }

  private chainOptions() {
    return {
      blockTime: this.options.blockTime ?? 0,
      ...(this.options.clock ? { clock: this.options.clock } : {}),
    }
  }

  /** Serves `chain`; with a state file, journals it from now on and, with `snapshot`, saves it whole first. */
  private use(
    chain: Chain,
    accounts: readonly PredeployedAccount[],
    minter: Minter,
    snapshot: boolean,
  ): void {
    this.detach?.()
    this.detach = undefined
    this.chain = chain
    this.accounts = accounts
    this.minter = minter
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    const blockTime = chain.blockTime
    if (blockTime > 0) {
      this.timer = setInterval(() => {
        if (chain.pendingTxs.length > 0) chain.closeBlock()
      }, blockTime)
      this.timer.unref()
    }
    if (this.store) {
      if (snapshot) this.save()
      else this.onDisk = new Set(chain.pendingTxs)
      this.detach = this.journal(chain)
    }
    this.warmKeys(accounts.map((a) => BigInt(a.public_key)))
    for (const listener of this.replaceListeners) listener(chain)
  }

  // Signature checks of a key get several times faster once its table is built (~10 ms each); build
  // the base point's table a few windows per event-loop turn (~50 ms in all, which a request arriving
  // meanwhile would otherwise wait for), then the dev accounts' tables one per turn, starting a moment
  // after startup.
  private warmKeys(keys: bigint[], delayMs = WARM_DELAY_MS): void {
    if (keys.length === 0) return
    const warm = () => {
      if (warmBaseTable()) warmPublicKey(keys.shift()!)
      this.warmKeys(keys, 0)
    }
    ;(delayMs > 0 ? setTimeout(warm, delayMs) : setImmediate(warm)).unref()
  }

  /** The seed of the predeployed accounts (devnet_getConfig). */
  get seed(): number {
    return this.options.seed ?? 0
  }

  /**
   * devnet_mint: a real transaction from the minter account calling `permissioned_mint` on STRK (FRI)
   * or ETH (WEI), so the mint has a hash, a receipt and a Transfer event, as on starknet-devnet.
   * @example sim.mint(address, 10n ** 18n, 'FRI') // { new_balance, unit, tx_hash }
   */
  mint(
    address: Felt,
    amount: bigint,
    unit: 'FRI' | 'WEI',
  ): { new_balance: string; unit: string; tx_hash: string } {
    const token = unit === 'FRI' ? STRK_ADDRESS : ETH_ADDRESS
    const sender = BigInt(this.minter.address)
    const tx = signInvoke({
      sender,
      privateKey: BigInt(this.minter.private_key),
      nonce: this.chain.pending.getNonce(sender),
      calls: [
        { to: token, selector: selectorOf('permissioned_mint'), calldata: [address, ...splitU256(amount)] },
      ],
      chainId: this.chain.chainId,
      prices: this.chain.gasPrices,
    })
    const { hash } = this.chain.addTransaction(tx)
    const status = this.chain.getTx(hash).receipt
    // Like devnet: the reverted mint stays on chain and the error names it (an amount of 2^256 or more, an overflow).
    if (status.execution_status !== 'SUCCEEDED')
      throw new RpcError(
        RpcCode.DEVNET_ERROR,
        { tx_hash: toHex(hash), revert_reason: String(status.revert_reason) },
        'Minting reverted',
      )
    return {
      new_balance: erc20BalanceOf(this.chain.pending, token, address).toString(),
      unit,
      tx_hash: toHex(hash),
    }
  }

  // Journaled (fsynced) inside addTransaction / closeBlock / abortBlocks / setTime, so before the answer that
  // acknowledges the change goes out: a kill -9 loses nothing acknowledged.
  private journal(chain: Chain): () => void {
    const append = (entry: ChainEntry) => {
      if (this.store?.append(entry)) this.save()
    }
    const offAdmit = chain.onAdmit((record, diff) => {
      // Without a block time the block commits at once, and its entry carries the transaction.
      if (chain.blockTime === 0) return
      append(txEntry(chain, record, diff))
      this.onDisk.add(record.hash)
    })
    const offCommit = chain.onCommit((block) => {
      const entry = blockEntry(chain, block, this.onDisk)
      this.onDisk = new Set()
      append(entry)
    })
    const offAbort = chain.onAbort(() => {
      // The pre_confirmed transactions on disk went with the abort.
      this.onDisk = new Set()
      append(abortEntry(chain))
    })
    const offTime = chain.onTimeChange(() => append(clockEntry(chain)))
    return () => {
      offAdmit()
      offCommit()
      offAbort()
      offTime()
    }
  }

  /** Folds the state file's journal into a fresh snapshot of the whole chain now (atomic, fsynced). */
  save(): void {
    if (!this.store) return
    this.store.compact(this.dump())
    this.onDisk = new Set(this.chain.pendingTxs)
  }

  /** Stops block-time mining; with a state file, saves a snapshot and closes it. */
  close(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    if (!this.store || this.closed) return
    this.closed = true
    this.save()
    // Later commits throw (the store is closed) rather than be acknowledged without being saved.
    this.store.close()
  }
}
