import { serializeSignerSignatures, signerGuid, signHash } from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
import { VALID } from '../../contract'
import { RpcCode } from '../../errors'
import { selectorOf, shortString } from '../../felt'
import { ARGENT_ACCOUNT_CLASS_HASH } from './index'
import { argentFixture, keys, ownerAndGuardian, pay, pub, rejection, signByOwnerAndGuardian } from './testing'

describe('Argent account: deploy account', () => {
  it('deploys with owner + guardian signatures from starknet.js v10 and stores both GUIDs', async () => {
    const f = argentFixture()
    const { hash } = await f.deploy()
    const receipt = f.chain.getTx(hash).receipt as { execution_status: string; events: { keys: string[] }[] }
    expect(receipt.execution_status).toBe('SUCCEEDED')
    expect(f.chain.base.getClassHash(f.address)).toBe(ARGENT_ACCOUNT_CLASS_HASH)
    expect(f.view('get_owner_guid')).toEqual([signerGuid(pub(keys.owner))])
    expect(f.view('get_guardian_guid')).toEqual([0n, signerGuid(pub(keys.guardian))])
    expect(f.view('get_owner')).toEqual([pub(keys.owner)])
    expect(f.view('getVersion')).toEqual([shortString('0.4.0')])
    const eventNames = receipt.events.map((event) => BigInt(event.keys[0]!))
    expect(eventNames).toContain(selectorOf('AccountCreatedGuid'))
  })

  it('deploys without a guardian, and then reports none', async () => {
    const f = argentFixture({ guardian: false })
    await f.deploy((signatures) => ownerAndGuardian(signatures.slice(0, 1)))
    expect(f.view('get_guardian_guid')).toEqual([1n])
    expect(f.view('get_guardian')).toEqual([0n])
  })

  it('refuses a deployment signed by the owner alone when a guardian is set (55)', async () => {
    const f = argentFixture()
    const failure = await f
      .deploy((signatures) => ownerAndGuardian(signatures.slice(0, 1)))
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    expect(failure).toMatchObject({ code: RpcCode.VALIDATION_FAILURE })
    expect(String((failure as { data: unknown }).data)).toContain('argent/invalid-signature-length')
  })
})

describe('Argent account: invoke', () => {
  it('runs an owner + guardian signed multicall, in the array and the legacy concise forms', async () => {
    const f = argentFixture()
    await f.deploy()
    f.invoke([pay, pay], signByOwnerAndGuardian)
    expect(f.paid()).toBe(2n)
    f.invoke([pay], (hash) => signByOwnerAndGuardian(hash).filter((_, i) => ![0, 1, 2, 5, 6].includes(i)))
    expect(f.paid()).toBe(3n)
  })

  it('fails validation (55) with a missing or wrong guardian signature, or a wrong owner', async () => {
    const f = argentFixture()
    await f.deploy()
    const ownerOnly = rejection(() =>
      f.invoke([pay], (hash) => [1n, ...signByOwnerAndGuardian(hash).slice(1, 5)]),
    )
    expect(ownerOnly).toEqual({
      code: RpcCode.VALIDATION_FAILURE,
      data: expect.stringContaining('argent/invalid-signature-length'),
    })
    const swapped = (hash: bigint) => {
      const felts = signByOwnerAndGuardian(hash)
      return [felts[0]!, ...felts.slice(5), ...felts.slice(1, 5)]
    }
    expect(rejection(() => f.invoke([pay], swapped)).data).toContain('argent/invalid-owner-sig')
    const strangerGuardian = (hash: bigint) => {
      const felts = signByOwnerAndGuardian(hash)
      return [...felts.slice(0, 5), 0n, pub(keys.stranger), felts[7]!, felts[8]!]
    }
    expect(rejection(() => f.invoke([pay], strangerGuardian)).data).toContain('argent/invalid-guardian-sig')
    expect(f.paid()).toBe(0n)
  })

  it('refuses a multicall that calls the account itself', async () => {
    const f = argentFixture()
    await f.deploy()
    const selfCall = {
      contractAddress: `0x${f.address.toString(16)}`,
      entrypoint: 'revoke_session',
      calldata: [1n],
    }
    expect(rejection(() => f.invoke([pay, selfCall], signByOwnerAndGuardian)).data).toContain(
      'argent/no-multicall-to-self',
    )
  })
})

describe('Argent account: fee estimation', () => {
  it('does not check signature values in a query-version transaction, as Argent 0.4 does, but still the signers', async () => {
    const f = argentFixture()
    await f.deploy()
    const garbage = (hash: bigint) =>
      signByOwnerAndGuardian(hash).map((felt, i) => ([3, 4, 7, 8].includes(i) ? 1n : felt))
    const query = `0x${(2n ** 128n + 3n).toString(16)}`
    const [estimate] = f.chain.simulate(
      [f.invokeJson([pay], garbage, undefined, query)],
      {},
      { tag: 'latest' },
      true,
    )
    expect(estimate!.outcome.reverted).toBe(false)
    expect(rejection(() => f.invoke([pay], garbage)).data).toContain('argent/invalid-owner-sig')
    const strangers = (hash: bigint) =>
      serializeSignerSignatures([signHash(hash, keys.stranger), signHash(hash, keys.guardian)])
    expect(() =>
      f.chain.simulate([f.invokeJson([pay], strangers, undefined, query)], {}, { tag: 'latest' }, true),
    ).toThrow(
      expect.objectContaining({
        data: expect.objectContaining({
          execution_error: expect.stringContaining('argent/invalid-owner-sig'),
        }),
      }),
    )
  })
})

describe('Argent account: views', () => {
  it('answers is_valid_signature with VALID only for owner + guardian signatures of that hash', async () => {
    const f = argentFixture()
    await f.deploy()
    const signature = signByOwnerAndGuardian(0x1234n)
    expect(f.view('is_valid_signature', [0x1234n, BigInt(signature.length), ...signature])).toEqual([VALID])
    expect(f.view('is_valid_signature', [0x1235n, BigInt(signature.length), ...signature])).toEqual([0n])
  })

  it('supports SRC5, SRC6 and SNIP-9 v2, and nothing else', async () => {
    const f = argentFixture()
    await f.deploy()
    const supports = (id: bigint) => f.view('supports_interface', [id])[0]
    expect(supports(0x3f918d17e5ee77373b56385708f855659a07f75997f365cf87748628532a055n)).toBe(1n)
    expect(supports(0x2ceccef7f994940b3962a6c67e0ba4fcd37df7d131417c604f91e03caecc1cdn)).toBe(1n)
    expect(supports(0x1d1144bb2138366ff28d8e9ab57456b1d332ac42196230c3a602003c89872n)).toBe(1n)
    expect(supports(0x1234n)).toBe(0n)
  })
})
