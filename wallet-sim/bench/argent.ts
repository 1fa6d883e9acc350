// Session-signed senders for the bench: Argent 0.4 accounts (owner + guardian) deployed on the spawned
// simulator over RPC, each with its own session, signing as the shim does (a session token with the owner +
// guardian authorisation, cache_authorization false, over a starknet.js v10 transaction hash).
import { buildSession } from '@webwallet/protocol/session'
import {
  type ArgentKeys,
  allowedMethods,
  argentAccount,
  argentSession,
  type NamedFeltCall,
  pub,
} from '../src/chain/contracts/argent/testing'
import { STRK_ADDRESS } from '../src/chain/contracts/index'
import { toHex } from '../src/chain/felt'
import { seededKey } from '../src/chain/genesis'
import { assertSucceeded } from './measure'
import type { Rpc } from './sim'

/** One fri of STRK per invoke: a call the bench's sessions allow. */
const transfer: NamedFeltCall = {
  contractAddress: toHex(STRK_ADDRESS),
  entrypoint: 'transfer',
  calldata: [0x5e551e7n, 1n, 0n],
}

/** A deployed Argent account that signs session invokes of `transfer`. */
export interface SessionSender {
  readonly address: string
  /** The session-signed invoke with `nonce` (deploy takes nonce 0, so invokes start at 1). */
  sign(nonce: bigint): unknown
}

/** Keys of bench account `index`: derived like the dev accounts, under seeds of their own. */
const keysOf = (index: number): ArgentKeys => ({
  owner: seededKey(0x0a11ce, index),
  guardian: seededKey(0x0b0b, index),
  session: seededKey(0x5e55, index),
})

/**
 * Funds (devnet_mint, FRI) and deploys `count` Argent accounts on the simulator behind `rpc`, each with a
 * session valid for a day. Untimed setup: every answer is checked.
 * @example const [sender] = await deploySessionSenders(rpc, 1); await rpc('starknet_addInvokeTransaction', { invoke_transaction: sender.sign(1n) })
 */
export async function deploySessionSenders(rpc: Rpc, count: number): Promise<SessionSender[]> {
  const chainId = BigInt((await rpc('starknet_chainId', {})) as string)
  const expiresAt = Math.floor(Date.now() / 1000) + 24 * 3600
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const keys = keysOf(index)
      const account = argentAccount({ keys, chainId, salt: BigInt(index + 1) })
      const address = toHex(account.address)
      await rpc('devnet_mint', { address, amount: 1e21, unit: 'FRI' })
      const deployed = (await rpc('starknet_addDeployAccountTransaction', {
        deploy_account_transaction: await account.deployJson(),
      })) as { transaction_hash: string; contract_address: string }
      if (BigInt(deployed.contract_address) !== account.address)
        throw new Error(`deployed at ${deployed.contract_address}, expected ${address}`)
      await assertSucceeded(rpc, [deployed.transaction_hash])
      const session = argentSession({
        session: buildSession({
          expiresAt,
          allowedMethods,
          metadata: { projectID: 'wallet-sim-bench', txFees: [] },
          sessionPublicKey: pub(keys.session),
        }),
        address: account.address,
        chainId,
        keys,
      })
      return {
        address,
        sign: (nonce: bigint) =>
          account.invokeJson([transfer], (txHash) => session.signature([transfer], txHash), nonce),
      }
    }),
  )
}
