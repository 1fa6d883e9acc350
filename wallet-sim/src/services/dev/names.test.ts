// Names registered through real transactions on a started simulator, read back by starknet.js v10.
import { num, RpcProvider } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectorOf } from '../../chain/felt'
import { type RunningSim, startSim } from '../../index'
import type { HttpError } from '../../infra/http/HttpError'
import { walletFixture } from '../../wallet/testing'
import { createDevNames } from './names'

let sim: RunningSim
let provider: RpcProvider
beforeAll(async () => {
  // The demo's exact origins (as `npm start` passes them) may use the dev API from the browser.
  sim = await startSim({
    accounts: 3,
    allowedDapps: ['localhost', '127.0.0.1', 'http://localhost:5173', 'http://127.0.0.1:5173'],
  })
  provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
})
afterAll(() => sim.close())

const names = () => sim.walletSim.names
const dev = (i: number) => sim.accounts[i]!.address
/** The HttpError `register` throws, as `{status, message}`. */
const refusal = (address: string, name: string) =>
  names()
    .register(address, name)
    .then(
      () => undefined,
      (e: HttpError) => ({ status: e.status, message: e.message }),
    )

describe('register', () => {
  it("gives a predeployed account a name that starknet.js's getStarkName and getAddressFromStarkName read back", async () => {
    const registration = await names().register(dev(0), 'alice.stark')
    expect(registration).toEqual({
      name: 'alice.stark',
      address: num.toHex64(dev(0)),
      transactionHash: expect.stringMatching(/^0x[0-9a-f]+$/),
    })
    const receipt = await provider.waitForTransaction(registration.transactionHash, { retryInterval: 10 })
    expect(receipt.isSuccess()).toBe(true)
    const events = (receipt.value as { events: { keys: string[] }[] }).events
    expect(events.some((e) => BigInt(e.keys[0]!) === selectorOf('DomainRegistered'))).toBe(true)
    expect(await provider.getStarkName(dev(0))).toBe('alice.stark')
    expect(BigInt(await provider.getAddressFromStarkName('alice.stark'))).toBe(BigInt(dev(0)))
    expect(names().nameOf(dev(0))).toBe('alice.stark')
  })

  it('deploys a wallet user first, then registers from the Argent account (owner + guardian)', async () => {
    const user = await sim.walletSim.login.ensureUser('carol@example.com')
    const { address } = user.account
    expect(sim.chain.pending.getClassHash(BigInt(address))).toBe(0n)
    const registration = await names().register(address, 'carol.stark')
    expect(registration.deployTransactionHash).toMatch(/^0x[0-9a-f]+$/)
    expect(sim.chain.pending.getClassHash(BigInt(address))).not.toBe(0n)
    expect(await provider.getStarkName(address)).toBe('carol.stark')
    // Deployed now: the next name is one transaction.
    const again = await names().register(address, 'carol-2.stark')
    expect(again.deployTransactionHash).toBeUndefined()
    expect(await provider.getStarkName(address)).toBe('carol-2.stark')
  })

  it('registers a subdomain of a name the account owns', async () => {
    await names().register(dev(1), 'bob.stark')
    await names().register(dev(1), 'pay.bob.stark')
    expect(await provider.getStarkName(dev(1))).toBe('pay.bob.stark')
    expect(BigInt(await provider.getAddressFromStarkName('pay.bob.stark'))).toBe(BigInt(dev(1)))
  })

  it('answers 409 for a taken name, an own name, and a subdomain of a name the account does not own', async () => {
    await names().register(dev(0), 'taken.stark')
    expect(await refusal(dev(2), 'taken.stark')).toEqual({
      status: 409,
      message: `taken.stark is taken by ${num.toHex64(dev(0))}`,
    })
    expect(await refusal(dev(0), 'taken.stark')).toEqual({
      status: 409,
      message: `taken.stark is already registered to ${num.toHex64(dev(0))}`,
    })
    expect(await refusal(dev(2), 'x.taken.stark')).toEqual({
      status: 409,
      message: `taken.stark belongs to ${num.toHex64(dev(0))}: only its owner can register x.taken.stark`,
    })
    expect(await refusal(dev(2), 'x.free.stark')).toEqual({
      status: 409,
      message: `free.stark is not registered: register it to ${num.toHex64(dev(2))} before x.free.stark`,
    })
  })

  it('answers 409 with the fund route when a wallet account cannot pay for its deployment', async () => {
    const fixture = walletFixture({ initialFunds: [] })
    const { user } = await fixture.logIn('broke@example.com')
    const broke = createDevNames({
      chain: () => fixture.chain,
      predeployed: () => [],
      login: fixture.login,
      guardianPrivateKey: fixture.guardianPrivateKey,
    })
    const address = user.account.address
    await expect(broke.register(address, 'broke.stark')).rejects.toMatchObject({
      status: 409,
      message: `The node refused the deployment of ${address}: Account balance is smaller than the transaction's max_fee; fund it: POST /dev/accounts/${address}/fund`,
      details: { rpcCode: 54 },
    })
  })

  it('answers 404 for an account whose key the simulator does not hold, 400 for a bad name or address', async () => {
    expect(await refusal('0x1234', 'nobody.stark')).toEqual({
      status: 404,
      message: `Unknown account ${num.toHex64('0x1234')}: names can be registered for the predeployed dev accounts and the wallet's users`,
    })
    expect(await refusal(dev(2), 'Alice.stark')).toEqual({
      status: 400,
      message: "Label 'Alice' may only use lowercase a-z, 0-9 and '-'",
    })
    expect(await refusal('not-an-address', 'alice.stark')).toMatchObject({ status: 400 })
  })
})

it('answers the name routes over HTTP, CORS for the exact allowed origins only', async () => {
  const url = `${sim.url}/dev/accounts/${dev(2)}/name`
  const post = (body: unknown, origin = 'http://localhost:5173') =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    })
  expect(await (await fetch(url)).json()).toEqual({ address: num.toHex64(dev(2)), name: null })
  const created = await post({ name: 'dave.stark' })
  expect(created.status).toBe(201)
  expect(created.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  expect(await created.json()).toMatchObject({ name: 'dave.stark', address: num.toHex64(dev(2)) })
  expect(await (await fetch(url)).json()).toEqual({ address: num.toHex64(dev(2)), name: 'dave.stark' })
  const preflight = (origin: string) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
  const allowed = await preflight('http://127.0.0.1:5173')
  expect(allowed.status).toBe(204)
  expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
  expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, POST')
  for (const origin of ['https://evil.example', 'http://localhost:5174']) {
    const foreign = await preflight(origin)
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect(foreign.headers.get('access-control-allow-methods')).toBeNull()
    expect((await post({ name: 'eve.stark' }, origin)).status).toBe(403)
  }
})
