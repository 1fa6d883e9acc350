// The opt-in non-extractable P-256 session key (`sessionKey: p256SessionKey()`) end to end in Node, against
// a real wallet-sim: the wallet signs a session naming the key's WebAuthn signer GUID, session calls land
// on chain through the paymaster, co-signed by the cosigner (P-256 checked with node:crypto) and accepted
// by the simulated Argent account (forged and tampered P-256 signatures are refused in wallet-sim's account
// and cosigner tests).
import {
  parseOutsideExecutionCalldata,
  parseSessionToken,
  selectorFromName,
  toHex,
  type WebauthnSignerSignature,
} from '@webwallet/protocol/session'
import { createRpc, WebWallet, waitForTransaction } from '@webwallet/shim'
import { memoryP256KeyStore, p256SessionKey } from '@webwallet/shim/p256'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

const USER = 'p256-user@example.com'
const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 13, approve: 'auto', email: USER })
})
afterAll(async () => {
  await sim?.close()
})

it('a P-256 session key signs session calls that land on chain', async () => {
  const store = memoryP256KeyStore()
  const wallet = WebWallet.init({
    appName: 'p256',
    sessionParams: { allowedMethods: [{ contract: CONTRACTS.counter, selector: 'increment' }] },
    ...headlessWalletOptions(sim),
    sessionKey: p256SessionKey({ origin: 'http://localhost:5173', store }),
  })
  await logIn(sim, USER)
  const { account } = await wallet.requestConnection()
  expect(wallet.getSessionStatus()).toBe('VALID')
  const stored = wallet.exportSignedSession()!
  expect(stored.sessionKey.publicKey).toMatch(
    /^webauthn-p256:[0-9a-f]{64}:[0-9a-f]{64}:http:\/\/localhost:5173$/,
  )

  const rpc = createRpc({ nodeUrl: sim.rpcUrl })
  const counter = async () => {
    const [value = '0x0'] = await rpc.request<string[]>('starknet_call', {
      request: {
        contract_address: CONTRACTS.counter,
        entry_point_selector: toHex(selectorFromName('get_counter')),
        calldata: [account.address],
      },
      block_id: 'pre_confirmed',
    })
    return BigInt(value)
  }
  // Argent's WebAuthn check (SHA-256 in Cairo) needs more steps than a validation may use, so the SDK never
  // sends the session's own invoke: the first call deploys the account through the paymaster, the second
  // runs there too (both outside executions the cosigner co-signs, with a gas-token fee covering the check).
  const hashes: string[] = []
  for (const expected of [1n, 2n]) {
    const { transaction_hash } = await account.execute(increment)
    const receipt = await waitForTransaction(rpc, transaction_hash, { retryInterval: 50 })
    expect(receipt.execution_status).toBe('SUCCEEDED')
    expect(await counter()).toBe(expected)
    hashes.push(transaction_hash)
  }
  const last = await rpc.request<{ calldata: string[]; sender_address: string }>(
    'starknet_getTransactionByHash',
    { transaction_hash: hashes[1] },
  )
  // The relayer's multicall [1, to, selector, length, ...]: execute_from_outside_v2 on the account.
  expect(BigInt(last.sender_address)).not.toBe(BigInt(account.address))
  expect(BigInt(last.calldata[1] ?? 0)).toBe(BigInt(account.address))
  expect(BigInt(last.calldata[2] ?? 0)).toBe(selectorFromName('execute_from_outside_v2'))
  const { signature } = parseOutsideExecutionCalldata(last.calldata.slice(4).map((v) => BigInt(v)))
  const token = parseSessionToken(signature)
  expect((token.sessionSignature as WebauthnSignerSignature).webauthn.origin).toBe('http://localhost:5173')
})
