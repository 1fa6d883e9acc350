// Issue 26 item 3: the SDK's interface probes (supports_interface, is_valid_outside_execution_nonce) on a
// real account, one journey for wallet-sim's chain (e2e/tests/sdk/probes.test.ts) and for starknet-devnet's
// Argent 0.4.0 (e2e/devnet/probes.test.ts): both must record PROBES_EXPECTED.
import { STRK_ADDRESS } from '@webwallet/protocol'
import { WebWallet } from '@webwallet/shim'
import { DEFAULT_PAYMASTER_API_KEYS, type RunningSim } from '@webwallet/wallet-sim'
import { expect } from 'vitest'
import { headlessWalletOptions } from './headless'

const STRK = STRK_ADDRESS
const approveNothing = { contractAddress: STRK, entrypoint: 'approve', calldata: ['0x5e4de4', '0', '0'] }
/** Interface ids asked of the account: SRC5, SRC6, SNIP-9 v1 and v2, and one no account has. */
const INTERFACES = {
  src5: '0x3f918d17e5ee77373b56385708f855659a07f75997f365cf87748628532a055',
  src6: '0x2ceccef7f994940b3962a6c67e0ba4fcd37df7d131417c604f91e03caecc1cd',
  snip9v1: '0x68cfd18b92d1907b8ba3cc324900277f5a3622099431ea85dd8089255e4181',
  snip9v2: '0x1d1144bb2138366ff28d8e9ab57456b1d332ac42196230c3a602003c89872',
  none: '0x1234',
}

/** A relayer: sends `call` from an account of its own and waits until it succeeded. */
export type Relay = (call: {
  contractAddress: string
  entrypoint: string
  calldata: string[]
}) => Promise<void>

/**
 * Signs a sponsored session over the headless wallet (the simulator's `--email` user, auto-approving),
 * builds an outside execution before the account exists (no probe: nothing to ask), deploys it on the first
 * sponsored execute, runs a second one (probed), has `relay` submit an outside execution of a chosen nonce,
 * asks the same nonce again (OUTSIDE_EXECUTION_NONCE_USED), and reads the account's own answers.
 */
export async function probeJourney(sim: RunningSim, relay: Relay) {
  const wallet = WebWallet.init({
    appName: 'probes',
    sessionParams: { allowedMethods: [{ contract: STRK, selector: 'approve' }], validityDays: 1 },
    paymasterParams: { apiKey: DEFAULT_PAYMASTER_API_KEYS[0] },
    ...headlessWalletOptions(sim),
  })
  try {
    const { account } = await wallet.requestConnection()
    const before = await account.getOutsideExecutionPayload([approveNothing])
    const deployedBefore = await account.isDeployed()
    await account.waitForTransaction((await account.execute([approveNothing])).transaction_hash)
    await account.waitForTransaction((await account.execute([approveNothing])).transaction_hash)
    const nonce = `0x${Date.now().toString(16)}`
    await relay(await account.getOutsideExecutionPayload([approveNothing], { nonce }))
    const reused = await account.getOutsideExecutionPayload([approveNothing], { nonce }).catch((e) => e)
    const call = async (entrypoint: string, arg: string) =>
      (await account.callContract({ contractAddress: account.address, entrypoint, calldata: [arg] }))[0]
    const supports: Record<string, string | undefined> = {}
    for (const [name, id] of Object.entries(INTERFACES)) supports[name] = await call('supports_interface', id)
    return {
      undeployedPayload: { built: before.entrypoint, deployedBefore },
      reusedNonce: { code: reused?.code, message: reused?.message },
      supports,
      nonceValid: {
        used: await call('is_valid_outside_execution_nonce', nonce),
        fresh: await call('is_valid_outside_execution_nonce', `${nonce}1`),
      },
    }
  } finally {
    await wallet.disconnect()
  }
}

export const PROBES_EXPECTED = {
  undeployedPayload: { built: 'execute_from_outside_v2', deployedBefore: false },
  reusedNonce: {
    code: 'OUTSIDE_EXECUTION_NONCE_USED',
    message: expect.stringMatching(/^Outside execution nonce 0x[0-9a-f]+ is already used$/),
  },
  supports: { src5: '0x1', src6: '0x1', snip9v1: '0x1', snip9v2: '0x1', none: '0x0' },
  nonceValid: { used: '0x0', fresh: '0x1' },
}
