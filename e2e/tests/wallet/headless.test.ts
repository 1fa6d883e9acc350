// Headless: the shim's connector over WebSocket against wallet-sim's /trpc, with `--approve` and
// `--email` answering for the user — connect, typed data the chain accepts, a transaction, a refusal; and a
// request the SDK gives up on leaving the manual approval queue.
import { createConnector } from '@webwallet/shim/connector'
import { RpcProvider, typedData as snip12 } from 'starknet'
import { expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { mail } from '../../support/typedData'
import { startWalletSim } from './walletServer'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const MAIL = mail('signed by policy', { name: 'Headless' })

test('with --approve auto and --email, a WebSocket client connects, signs and sends without any screen', async () => {
  await using sim = await startWalletSim({ approve: 'auto', email: 'bot@example.com' })
  const stored = new Map<string, string>()
  const connector = createConnector({
    url: sim.url,
    transport: 'websocket',
    // ws's class: Node 20 has no global WebSocket (its types differ from the DOM's only in extras).
    WebSocket: WebSocket as never,
    storage: {
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    },
  })
  const { account, chainId } = await connector.connect()
  const address = sim.login.user('bot@example.com')?.account.address
  expect(account).toEqual([address])
  expect(chainId).toBe('0x534e5f5345504f4c4941')
  expect(await connector.ready()).toBe(true)

  const { transaction_hash } = (await connector.request({
    type: 'wallet_addInvokeTransaction',
    params: {
      calls: [{ contract_address: STRK, entry_point: 'transfer', calldata: ['0x5bd1e5', '1', '0'] }],
    },
  })) as { transaction_hash: string }
  const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc` })
  expect((await provider.getTransactionReceipt(transaction_hash)).isSuccess()).toBe(true)

  const signature = (await connector.request({ type: 'wallet_signTypedData', params: MAIL })) as string[]
  const valid = await provider.callContract({
    contractAddress: address ?? '',
    entrypoint: 'is_valid_signature',
    calldata: [snip12.getMessageHash(MAIL, address ?? ''), String(signature.length), ...signature],
  })
  expect(valid[0]).toBe('0x56414c4944')

  sim.approval.set('reject')
  await expect(connector.request({ type: 'wallet_signTypedData', params: MAIL })).rejects.toMatchObject({
    code: 'USER_REJECTED',
  })
  await connector.disconnect()
})

// Over WebSocket the shim sends tRPC's stop message by the request's id; over HTTP it ends the request
// (its batch held only that call), and wallet-sim sees its client leave.
test.each(['websocket', 'http'] as const)(
  'a request the SDK gives up on (abort, time limit) over %s leaves wallet-sim’s manual approval queue at once',
  async (transport) => {
    await using sim = await startWalletSim({ approve: 'auto', email: 'bot@example.com' })
    const connector = createConnector({
      url: sim.url,
      transport,
      WebSocket: WebSocket as never,
      storage: { setItem: () => {}, removeItem: () => {} },
    })
    await connector.connect()
    sim.approval.set('manual')
    const pending = async () =>
      ((await (await fetch(`${sim.url}/wallet/approvals`)).json()) as { approvals: { kind: string }[] })
        .approvals

    const controller = new AbortController()
    const aborted = connector.request(
      { type: 'wallet_signTypedData', params: MAIL },
      { signal: controller.signal },
    )
    void aborted.catch(() => {})
    await expect.poll(pending).toMatchObject([{ kind: 'signTypedData' }])
    controller.abort()
    await expect(aborted).rejects.toMatchObject({ code: 'OPERATION_ABORTED' })
    await expect.poll(pending).toEqual([])

    // A time limit stops it the same way (the shim sends tRPC's stop message by the request's id).
    const timedOut = connector.request({ type: 'wallet_signTypedData', params: MAIL }, { timeoutMs: 2_000 })
    void timedOut.catch(() => {})
    await expect.poll(pending).toMatchObject([{ kind: 'signTypedData' }])
    await expect(timedOut).rejects.toMatchObject({ code: 'OPERATION_TIMEOUT' })
    await expect.poll(pending).toEqual([])
    await connector.disconnect()
  },
)
