// A user's own contract on the real Cairo node (issue 18, item 4): examples/contracts/counter, compiled from
// its Cairo source (npm run compile:contracts), declared and deployed from a devnet predeployed account
// with starknet.js, then called and invoked, as docs/own-contracts.md shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Devnet } from '../support/devnet.ts'
import { Account, CallData, Contract, hash, num, RpcProvider } from '../support/starknet10.ts'
import { casm, meta, predeployedAccounts, sierra, succeeded as succeededOn } from './counter.ts'
import { freshDevnet } from './shared.ts'

let devnet: Devnet
let provider: RpcProvider
let alice: Account
let bob: Account
let counter: Contract

const succeeded = (transactionHash: string) => succeededOn(provider, transactionHash)

beforeAll(async () => {
  devnet = await freshDevnet()
  provider = new RpcProvider({ nodeUrl: devnet.rpcUrl })
  const [a, b] = await predeployedAccounts(devnet.rpcUrl)
  alice = new Account({ provider, address: a!.address, signer: a!.private_key })
  bob = new Account({ provider, address: b!.address, signer: b!.private_key })
})
afterAll(() => devnet?.stop())

describe('examples/contracts/counter on starknet-devnet', () => {
  it('declares: the node computes the class hash the artifacts record, and serves the class back', async () => {
    const declared = await alice.declare({ contract: sierra, casm })
    expect(num.toHex(declared.class_hash)).toBe(num.toHex(meta.classHash))
    await succeeded(declared.transaction_hash)
    const onChain = (await provider.getClassByHash(meta.classHash)) as { sierra_program: string[] }
    expect(onChain.sierra_program.map((felt) => num.toHex(felt))).toEqual(
      (sierra.sierra_program as string[]).map((felt) => num.toHex(felt)),
    )
  })

  it('deploys through the UDC with its constructor argument, and get answers it', async () => {
    const deployed = await alice.deployContract({
      classHash: meta.classHash,
      constructorCalldata: CallData.compile({ initial: 5 }),
    })
    await succeeded(deployed.transaction_hash)
    expect(num.toHex(await provider.getClassHashAt(deployed.contract_address))).toBe(
      num.toHex(meta.classHash),
    )
    counter = new Contract({
      abi: sierra.abi,
      address: deployed.contract_address,
      providerOrAccount: provider,
    })
    expect(await counter.get()).toBe(5n)
    expect(num.toHex(await counter.last_caller())).toBe('0x0')
  })

  it('increase from two accounts: the value adds up, the last caller and the Increased event are theirs', async () => {
    const increase = (account: Account, amount: number) =>
      account.execute({ contractAddress: counter.address, entrypoint: 'increase', calldata: [amount] })

    const first = await succeeded((await increase(alice, 7)).transaction_hash)
    expect(await counter.get()).toBe(12n)
    expect(num.toHex(await counter.last_caller())).toBe(num.toHex(alice.address))
    const events = (first.value as { events: { from_address: string; keys: string[]; data: string[] }[] })
      .events
    const own = events.filter((e) => num.toHex(e.from_address) === num.toHex(counter.address))
    expect(
      own.map((e) => ({ keys: e.keys.map((k) => num.toHex(k)), data: e.data.map((d) => num.toHex(d)) })),
    ).toEqual([
      {
        keys: [num.toHex(hash.getSelectorFromName('Increased')), num.toHex(alice.address)],
        data: ['0x7', '0xc'],
      },
    ])

    await succeeded((await increase(bob, 30)).transaction_hash)
    expect(await counter.get()).toBe(42n)
    expect(num.toHex(await counter.last_caller())).toBe(num.toHex(bob.address))
  })

  it("refuses increase(0) with the contract's own error, and the value stays", async () => {
    await expect(
      alice.execute({ contractAddress: counter.address, entrypoint: 'increase', calldata: [0] }),
    ).rejects.toThrow(/amount is zero/)
    expect(await counter.get()).toBe(42n)
  })
})
