// The paymaster's fee recipient: where the gas-token fee transfer it appends goes, and the only address the
// cosigner lets a session's fee-token transfer pay (both get it from paymasterFeeRecipient).
import { publicKeyOf, toHex } from '@webwallet/protocol/session'
import { typedData as td } from 'starknet'
import { afterAll, beforeAll, expect, it } from 'vitest'
import '../../chain/contracts/argent'
import type { Chain } from '../../chain/chain'
import { COUNTER_ADDRESS } from '../../chain/contracts/counter'
import { erc20BalanceOf, erc20Mint, STRK_ADDRESS } from '../../chain/contracts/erc20'
import { createChain } from '../../chain/genesis'
import { type Served, serve } from '../../infra/http/serve'
import { builtinAccess } from '../../node/builtin'
import { argentAccountFactory } from '../../wallet/server/account'
import { signAsAccount } from '../../wallet/server/signer'
import { randomStarkKey } from '../keys'
import { createPaymasterRouter, paymasterFeeRecipient } from './router'

const NOW = 1_767_225_600
const OWNER = '0x0456def'
const GAS_TANK = '0xfee7a4c'
const STRK = `0x${STRK_ADDRESS.toString(16).padStart(64, '0')}`
const E18 = 10n ** 18n

let chain: Chain
let relayer: { address: string; privateKey: string }
let served: Served
/** This test's own guardian, as each wallet-sim has its own. */
const GUARDIAN = randomStarkKey()
const deployment = argentAccountFactory(GUARDIAN)(`0x${publicKeyOf(OWNER).toString(16)}`)
const user = deployment.address
const keys = { ownerPrivateKey: OWNER, guardianPrivateKey: GUARDIAN }

beforeAll(async () => {
  const created = createChain({ accounts: 1, clock: () => NOW * 1000 })
  chain = created.chain
  relayer = { address: created.accounts[0]!.address, privateKey: created.accounts[0]!.private_key }
  erc20Mint(chain.pending, STRK_ADDRESS, BigInt(user), 100n * E18)
  served = await serve(
    '/paymaster/v1',
    createPaymasterRouter({ chain: builtinAccess(() => chain), relayer, feeRecipient: GAS_TANK }),
  )
})
afterAll(() => served.close())

async function post(path: string, body: unknown) {
  const response = await fetch(`${served.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
type Built = { message: { Calls: { To: string; Selector: string; Calldata: string[] }[] } }

it('is the relayer unless another address is configured', () => {
  expect(paymasterFeeRecipient({ relayer })).toBe(toHex(BigInt(relayer.address)))
  expect(paymasterFeeRecipient({ relayer, feeRecipient: GAS_TANK })).toBe(toHex(BigInt(GAS_TANK)))
})

it('receives the fee transfer the typed data ends with, and only it is accepted as payment', async () => {
  const increment = {
    contractAddress: `0x${COUNTER_ADDRESS.toString(16)}`,
    entrypoint: 'increment',
    calldata: [],
  }
  const built = await post('/build-typed-data', {
    userAddress: user,
    calls: [increment],
    gasTokenAddress: STRK,
    maxGasTokenAmount: `0x${(2n * E18).toString(16)}`,
  })
  const fee = (built.body as unknown as Built).message.Calls.at(-1)!
  expect(BigInt(fee.To)).toBe(STRK_ADDRESS)
  expect(fee.Calldata.map(BigInt)).toEqual([BigInt(GAS_TANK), 2n * E18, 0n])

  // The same typed data paying the relayer instead does not pay this paymaster.
  const toRelayer = structuredClone(built.body) as unknown as Built
  toRelayer.message.Calls.at(-1)!.Calldata[0] = relayer.address
  const refused = await post('/execute', {
    userAddress: user,
    typedData: JSON.stringify(toRelayer),
    signature: signAsAccount(td.getMessageHash(toRelayer as never, user), keys),
    deploymentData: {
      class_hash: deployment.classHash,
      salt: deployment.salt,
      unique: '0x0',
      calldata: deployment.constructorCalldata,
    },
  })
  expect(refused).toMatchObject({
    status: 400,
    body: { messages: [expect.stringContaining('does not pay the paymaster')] },
  })

  const executed = await post('/execute', {
    userAddress: user,
    typedData: JSON.stringify(built.body),
    signature: signAsAccount(td.getMessageHash(built.body as never, user), keys),
    deploymentData: {
      class_hash: deployment.classHash,
      salt: deployment.salt,
      unique: '0x0',
      calldata: deployment.constructorCalldata,
    },
  })
  expect(executed.status).toBe(200)
  expect(erc20BalanceOf(chain.pending, STRK_ADDRESS, BigInt(GAS_TANK))).toBe(2n * E18)
})
