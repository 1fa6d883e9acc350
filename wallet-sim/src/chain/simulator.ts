// The simulator's chain host: the current chain and accounts, block-time mining, dump/load/restart
// and `--state FILE` persistence (atomic: write a temporary file, then rename).
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import type { DevHost } from '../rpc/devnet-methods'
import { Chain } from './chain'
import type { Felt } from './contract'
import { ETH_ADDRESS, erc20BalanceOf, STRK_ADDRESS, splitU256 } from './contracts/index'
import { selectorOf, toHex } from './felt'
import { createChain, type GenesisOptions, type Minter, type PredeployedAccount } from './genesis'
import { signInvoke } from './sign'
import { warmPublicKey } from './signature'
import type { ChainSnapshot } from './snapshot'

export interface SimulatorOptions extends GenesisOptions {
  /** Persist the chain here after every block and load it at start. */
  readonly stateFile?: string
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

  constructor(readonly options: SimulatorOptions = {}) {
    const file = options.stateFile
    if (file && existsSync(file)) this.load(JSON.parse(readFileSync(file, 'utf8')) as unknown)
    else this.restart()
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

  load(snapshot: unknown): void {
    const dump = snapshot as Dump
    if (dump?.format !== 'wallet-sim/dump@1') throw new Error('not a wallet-sim dump (devnet_dump output)')
    this.use(Chain.fromSnapshot(dump.chain, this.chainOptions()), dump.accounts, dump.minter)
  }

  /** A fresh genesis with the same options (devnet_restart). */
  restart(): void {
    const { chain, accounts, minter } = createChain({ ...this.options, ...this.chainOptions() })
    this.use(chain, accounts, minter)
  }

  private chainOptions() {
    return {
      blockTime: this.options.blockTime ?? 0,
      ...(this.options.clock ? { clock: this.options.clock } : {}),
    }
  }

  private use(chain: Chain, accounts: readonly PredeployedAccount[], minter: Minter): void {
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
    if (this.options.stateFile) {
      // Saved before the answer that acknowledges the block goes out: a kill -9 loses nothing acknowledged.
      chain.onCommit(() => this.save())
      this.save()
    }
    this.warmKeys(accounts.map((a) => BigInt(a.public_key)))
  }

  // Signature checks of a key get several times faster once its table is built (~10 ms each); build
  // the dev accounts' tables one per event-loop turn after startup, so readiness is not delayed.
  private warmKeys(keys: bigint[]): void {
    const next = keys.shift()
    if (next === undefined) return
    setImmediate(() => {
      warmPublicKey(next)
      this.warmKeys(keys)
    }).unref()
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
    if (status.execution_status !== 'SUCCEEDED')
      throw new Error(`mint reverted: ${String(status.revert_reason)}`)
    return {
      new_balance: erc20BalanceOf(this.chain.pending, token, address).toString(),
      unit,
      tx_hash: toHex(hash),
    }
  }

  /** Writes the state file now: temp file, fsync, atomic rename, fsync of the directory. */
  save(): void {
    const file = this.options.stateFile
    if (!file) return
    const tmp = `${file}.${process.pid}.tmp`
    const fd = openSync(tmp, 'w')
    try {
      writeSync(fd, JSON.stringify(this.dump()))
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, file)
    const dir = openSync(dirname(file), 'r')
    try {
      fsyncSync(dir)
    } finally {
      closeSync(dir)
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    if (this.options.stateFile) this.save()
  }
}
