// Issue 35 item 3: invisible-sdk 1.0.0's pure helpers, provided by @webwallet/shim/argent (the gift helpers by
// its subpath @webwallet/shim/argent/gift), equal the real
// package's (compat/invisible-sdk, loaded as a Node app loads it) over every input fast-check draws: the gift's
// call data, escrow address and deposit calls, the escrow action call, the claim fee caps, the random key's
// shape, the Stark key pair's keys and signatures, RawSigner's message and transaction signatures, and the
// paymaster transfer check. Where ours differs on purpose (V3-only hashes, a gift's key order), it says so.
import {
  gaslessBaseUrls,
  gasTokenAddress,
  getEstimatedFeesInGasToken,
  LegacyStarknetKeyPair,
  prependPaymasterTransfer,
  RawSigner,
  randomPrivateKey,
  storageService,
} from '@webwallet/shim/argent'
import {
  buildGiftCallData,
  calculateEscrowAddress,
  createDeposit,
  ETH_GIFT_MAX_FEE,
  executeActionOnAccount,
  getMaxFee,
  STRK_GIFT_MAX_FEE,
} from '@webwallet/shim/argent/gift'
import fc from 'fast-check'
import { hash } from 'starknet'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { mail } from '../../support/typedData'
import { compatDir, ROOT } from './page'

type Theirs = typeof import('@webwallet/shim/argent') & typeof import('@webwallet/shim/argent/gift')
let theirs: Theirs

/** The real package: it reads `window.localStorage` and `self.fetch` as it loads, so a page's globals stand in. */
async function loadInvisibleSdk(): Promise<Theirs> {
  compatDir('invisible-sdk')
  const g = globalThis as Record<string, unknown>
  const saved = { window: g.window, self: g.self }
  const store = new Map<string, string>()
  g.window = Object.assign(Object.create(globalThis), { localStorage: memoryStorage(store) })
  g.self = globalThis
  try {
    const url = `${ROOT}compat/invisible-sdk/node_modules/@argent/invisible-sdk/dist/index.es.js`
    return (await import(/* @vite-ignore */ url)) as Theirs
  } finally {
    // The rest of the run sees Node as it is (isolate: false shares one module graph).
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete g[key]
      else g[key] = value
  }
}

function memoryStorage(store: Map<string, string>) {
  return {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
  }
}

const FELT = (1n << 251n) + 17n * (1n << 192n) + 1n
const hex = (n: bigint) => `0x${n.toString(16)}`
const felt = fc.bigInt({ min: 0n, max: FELT - 1n })
const address = felt.map(hex)
const u128 = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n })
const gift = fc.record({
  factory: address,
  escrow_class_hash: address,
  sender: address,
  gift_token: address,
  gift_amount: fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }).map(String),
  fee_token: address,
  fee_amount: u128.map(String),
  gift_pubkey: felt.map(String),
})
const STARK_ORDER = 0x800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn
const privateKey = fc.bigInt({ min: 1n, max: STARK_ORDER - 1n })
// What a Stark signature signs: a hash below 2^251 (both refuse more).
const messageHash = fc.bigInt({ min: 0n, max: (1n << 251n) - 1n })

beforeAll(async () => {
  theirs = await loadInvisibleSdk()
}, 240_000)

describe("invisible-sdk 1.0.0's gift helpers, ours beside the real package's", () => {
  it('buildGiftCallData and calculateEscrowAddress are equal for every gift', () => {
    fc.assert(
      fc.property(gift, (g) => {
        expect(buildGiftCallData(g)).toEqual(theirs.buildGiftCallData(g))
        expect(calculateEscrowAddress(g)).toBe(theirs.calculateEscrowAddress(g))
      }),
      { numRuns: 25 }, // Pedersen hashes in JavaScript, twice: about 0.2 s a run
    )
  })

  it('createDeposit builds the same calls and gift, one token or two, and refuses a gift below its fee', () => {
    const params = fc.record({
      giftAmount: u128,
      feeAmount: u128,
      factoryAddress: address,
      feeTokenAddress: address,
      giftTokenAddress: fc.option(address, { nil: undefined }),
      giftSignerPubKey: felt,
      escrowAccountClassHash: address,
    })
    fc.assert(
      fc.property(address, params, (sender, p) => {
        const depositParams = { ...p, giftTokenAddress: p.giftTokenAddress ?? p.feeTokenAddress }
        const run = (create: typeof createDeposit) => {
          try {
            return { value: create(sender, depositParams) }
          } catch (error) {
            return { message: (error as Error).message }
          }
        }
        const ours = run(createDeposit)
        expect(JSON.parse(JSON.stringify(ours))).toEqual(
          JSON.parse(JSON.stringify(run(theirs.createDeposit))),
        )
        if (ours.message) expect(ours.message).toMatch(/^Amount must be greater than [0-9.]+ for this token/)
      }),
      { numRuns: 80 },
    )
  })

  it('executeActionOnAccount, getMaxFee and the fee caps are equal', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z_]{1,20}$/),
        address,
        fc.array(felt.map(String)),
        (name, to, args) => {
          expect(executeActionOnAccount(name, to, args)).toEqual(
            theirs.executeActionOnAccount(name, to, args),
          )
        },
      ),
      { numRuns: 40 },
    )
    expect([getMaxFee(true), getMaxFee(false)]).toEqual([theirs.getMaxFee(true), theirs.getMaxFee(false)])
    expect([STRK_GIFT_MAX_FEE, ETH_GIFT_MAX_FEE]).toEqual([theirs.STRK_GIFT_MAX_FEE, theirs.ETH_GIFT_MAX_FEE])
    expect(gaslessBaseUrls).toEqual(theirs.gaslessBaseUrls)
    expect(gasTokenAddress).toBe(theirs.gasTokenAddress)
  })
})

describe("invisible-sdk 1.0.0's signers, ours beside the real package's", () => {
  it('randomPrivateKey has the same shape in every format: 32 bytes, 64 hex digits, a key below the order', () => {
    for (const [key, other] of [
      [randomPrivateKey('buffer'), theirs.randomPrivateKey('buffer')],
      [randomPrivateKey(), theirs.randomPrivateKey()],
      [randomPrivateKey('hex'), theirs.randomPrivateKey('hex')],
      [randomPrivateKey('bigint'), theirs.randomPrivateKey('bigint')],
    ] as const) {
      expect(typeof key).toBe(typeof other)
      expect(key).not.toEqual(other)
      if (key instanceof Uint8Array) expect([key.length, (other as Uint8Array).length]).toEqual([32, 32])
      if (typeof key === 'string')
        expect([key, other]).toEqual([
          expect.stringMatching(/^0x[0-9a-f]{64}$/),
          expect.stringMatching(/^0x[0-9a-f]{64}$/),
        ])
      if (typeof key === 'bigint') expect(key > 0n && key < STARK_ORDER).toBe(true)
    }
  })

  it('LegacyStarknetKeyPair: the same private and public key and [r, s] for every key and hash', async () => {
    await fc.assert(
      fc.asyncProperty(privateKey, messageHash, fc.boolean(), async (pk, h, asHex) => {
        const key = asHex ? hex(pk) : pk
        const ours = new LegacyStarknetKeyPair(key)
        const real = new theirs.LegacyStarknetKeyPair(key)
        expect([ours.privateKey, ours.publicKey]).toEqual([real.privateKey, real.publicKey])
        expect(await ours.signRaw(hex(h))).toEqual(await real.signRaw(hex(h)))
        expect(ours).toBeInstanceOf(RawSigner)
      }),
      { numRuns: 25 },
    )
  })

  it("RawSigner signs a message's SNIP-12 hash, and refuses getPubKey, as invisible-sdk's", async () => {
    class Recorder extends RawSigner {
      async signRaw(messageHash: string) {
        return [messageHash]
      }
    }
    class TheirRecorder extends theirs.RawSigner {
      async signRaw(messageHash: string) {
        return [messageHash]
      }
    }
    const gift = (text: string) => mail(text, { name: 'Gift' })
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z ]{0,31}$/), address, async (text, account) => {
        const ours = await new Recorder().signMessage(gift(text) as never, account)
        expect(ours).toEqual(await new TheirRecorder().signMessage(gift(text) as never, account))
      }),
      { numRuns: 20 },
    )
    const refused = new Recorder().getPubKey()
    await expect(refused).rejects.toThrow('This signer allows multiple public keys')
    await expect(refused).rejects.toMatchObject({ code: 'NOT_IMPLEMENTED' })
    await expect(new TheirRecorder().getPubKey()).rejects.toThrow('This signer allows multiple public keys')
  })
})

describe("invisible-sdk 1.0.0's storageService, ours beside the real package's", () => {
  it('refuses the same keys (ours coded INVALID_STORAGE_KEY)', () => {
    const throws = (read: () => unknown) => {
      try {
        read()
        return false
      } catch {
        return true
      }
    }
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 140 }), fc.stringMatching(/^[\w-]{0,130}$/)), (key) => {
        expect(throws(() => storageService.get(key))).toBe(throws(() => theirs.storageService.get(key)))
      }),
      { numRuns: 200 },
    )
  })
})

describe("invisible-sdk 1.0.0's paymaster transfer check, ours beside the real package's", () => {
  const STRK = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
  const transfer = hash.getSelectorFromName('transfer')
  const call = fc.record({
    contractAddress: address,
    entrypoint: fc.constantFrom('play', 'approve', 'claim'),
  })
  // invisible-sdk logs the calls it checked.
  beforeAll(() => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    return () => log.mockRestore()
  })

  it('the same calls back when the paymaster appends its STRK transfer, or adds nothing', () => {
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 4 }), fc.boolean(), (calls, withFee) => {
        const Calls = calls.map((c) => ({
          To: c.contractAddress,
          Selector: hash.getSelectorFromName(c.entrypoint),
        }))
        if (withFee) Calls.push({ To: STRK, Selector: transfer })
        const typedData = { message: { Calls } } as never
        expect(prependPaymasterTransfer(typedData, calls)).toEqual(
          theirs.prependPaymasterTransfer(typedData, calls),
        )
      }),
      { numRuns: 40 },
    )
  })

  it('refuses what does not match, as invisible-sdk (coded here: UNALIGNED_PROOFS, MISMATCHED_*)', () => {
    const calls = [{ contractAddress: '0x1', entrypoint: 'play' }]
    const cases: [unknown[], string][] = [
      [[], 'UNALIGNED_PROOFS'],
      [[{ To: '0x2', Selector: hash.getSelectorFromName('play') }], 'MISMATCHED_CONTRACT_ADDRESS'],
      [[{ To: '0x1', Selector: hash.getSelectorFromName('claim') }], 'MISMATCHED_SELECTOR'],
    ]
    for (const [Calls, code] of cases) {
      const typedData = { message: { Calls } } as never
      expect(() => prependPaymasterTransfer(typedData, calls)).toThrow(expect.objectContaining({ code }))
      expect(() => theirs.prependPaymasterTransfer(typedData, calls)).toThrow()
    }
  })
})

describe("invisible-sdk 1.0.0's getEstimatedFeesInGasToken, ours beside the real package's", () => {
  afterEach(() => vi.unstubAllGlobals())
  const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
  const USDC = '0x053b40a647cedfca6ca84f542a0fe36736031905a9639a7f19a3c1e66bfd5080'
  const amount = (max: bigint) => fc.bigInt({ min: 1n, max })

  it('a fee in WEI: the same tokens, host and amounts (theirs in floating point, ours exact and rounded up)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          overall_fee: amount(10n ** 16n),
          gas_price: amount(10n ** 11n),
          data_gas_price: amount(10n ** 6n),
          gasOverhead: fc.bigInt({ min: 0n, max: 10n ** 5n }),
          dataOverhead: fc.bigInt({ min: 0n, max: 10n ** 4n }),
          usdcPrice: amount(10n ** 15n),
          deployed: fc.boolean(),
        }),
        async (x) => {
          // The paymaster: its overheads for a deployed account and its token prices.
          vi.stubGlobal('fetch', async (url: string) =>
            Response.json(
              url.endsWith('/compatible')
                ? {
                    isCompatible: true,
                    gasConsumedOverhead: String(x.gasOverhead),
                    dataGasConsumedOverhead: String(x.dataOverhead),
                  }
                : [
                    { tokenAddress: USDC, decimals: 6, priceInETH: String(x.usdcPrice) },
                    { tokenAddress: STRK, decimals: 18, priceInETH: '100000000000000' },
                  ],
            ),
          )
          const account = {
            address: '0x1234',
            getChainId: async () => '0x534e5f5345504f4c4941',
            isDeployed: async () => x.deployed,
          }
          const fee = {
            overall_fee: x.overall_fee,
            gas_price: x.gas_price,
            data_gas_price: x.data_gas_price,
            unit: 'WEI',
          }
          const ours = await getEstimatedFeesInGasToken({ account, fee })
          const real = await theirs.getEstimatedFeesInGasToken({ account, fee } as never)
          expect(ours.gaslessOptions).toEqual(real.gaslessOptions)
          expect(Object.keys(ours.gasTokenFees).sort()).toEqual(Object.keys(real.gasTokenFees).sort())
          for (const [token, value] of Object.entries(ours.gasTokenFees)) {
            const other = real.gasTokenFees[token] ?? 0n
            const gap = value > other ? value - other : other - value
            expect(gap <= 1n + other / 10n ** 9n, `${token}: ${value} vs ${other}`).toBe(true)
          }
        },
      ),
      { numRuns: 40 },
    )
  })
})
