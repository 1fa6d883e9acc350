// Typed data of each kind the wallet tells apart, as fast-check models (the felts) and spellings of a model
// (every JSON starknet.js accepts for those felts). Two spellings of one model hash the same.
import fc from 'fast-check'
import { selectorFromName, shortString } from '../../session/felt'
import { starknetDomainType } from '../../session/typedDataJson'
import { STRK_ADDRESS } from '../../starknet/tokens'
import { OUTSIDE_EXECUTION_V1_TYPES, OUTSIDE_EXECUTION_V2_TYPES, SESSION_TYPES } from '../known'
import {
  addressValue,
  feltSpellings,
  feltValue,
  numberSpellings,
  selectorSpellings,
  u128Value,
} from './spellings'

type Json = Record<string, unknown>
/** A model and a way to spell it. */
export interface Shape<Model> {
  model: fc.Arbitrary<Model>
  spell(model: Model): fc.Arbitrary<Json>
}

const STRK = BigInt(STRK_ADDRESS)
const NAMES = ['transfer', 'approve', 'increase_allowance', 'increment', 'swap'] as const
const chainValue = fc.oneof(fc.constantFrom(shortString('SN_SEPOLIA'), shortString('SN_MAIN')), feltValue)
const revisionSpelling = fc.constantFrom<unknown>('1', 1)

/** A call: a token transfer or approval (to, amount as u256), or any call. */
interface CallModel {
  to: bigint
  selector: { felt: bigint; name?: string }
  calldata: bigint[]
}
const callValue: fc.Arbitrary<CallModel> = fc.oneof(
  fc
    .tuple(fc.constantFrom('transfer', 'approve'), addressValue, u128Value, fc.constantFrom(0n, 1n))
    .map(([name, recipient, low, high]) => ({
      to: STRK,
      selector: { felt: selectorFromName(name), name },
      calldata: [recipient, low, high],
    })),
  fc
    .tuple(addressValue, fc.constantFrom(...NAMES), fc.array(feltValue, { maxLength: 3 }))
    .map(([to, name, calldata]) => ({ to, selector: { felt: selectorFromName(name), name }, calldata })),
  fc
    .tuple(addressValue, feltValue, fc.array(feltValue, { maxLength: 2 }))
    .map(([to, felt, calldata]) => ({ to, selector: { felt }, calldata })),
)

/** An outside execution's felts. */
export interface OutsideExecutionModel {
  chainId: bigint
  caller: bigint
  nonce: bigint
  after: bigint
  before: bigint
  calls: CallModel[]
}
const outsideExecutionModel: fc.Arbitrary<OutsideExecutionModel> = fc.record({
  chainId: chainValue,
  caller: fc.oneof(fc.constant(shortString('ANY_CALLER')), addressValue),
  nonce: feltValue,
  after: u128Value,
  before: u128Value,
  calls: fc.array(callValue, { minLength: 1, maxLength: 3 }),
})

const each = (felts: readonly bigint[], spell: (felt: bigint) => fc.Arbitrary<unknown>) =>
  fc.tuple(...felts.map(spell))

/**
 * SNIP-9 v2 (revision 1) typed data.
 * @example fc.sample(outsideExecutionV2.model.chain(outsideExecutionV2.spell), 1)
 */
export const outsideExecutionV2: Shape<OutsideExecutionModel> = {
  model: outsideExecutionModel,
  spell: (m) =>
    fc.record({
      types: fc.constant(OUTSIDE_EXECUTION_V2_TYPES),
      primaryType: fc.constant('OutsideExecution'),
      domain: fc.record({
        name: feltSpellings(shortString('Account.execute_from_outside')),
        version: numberSpellings(2n),
        chainId: feltSpellings(m.chainId),
        revision: revisionSpelling,
      }),
      message: fc.record({
        Caller: numberSpellings(m.caller),
        Nonce: feltSpellings(m.nonce),
        'Execute After': numberSpellings(m.after),
        'Execute Before': numberSpellings(m.before),
        Calls: fc.tuple(
          ...m.calls.map((call) =>
            fc.record({
              To: numberSpellings(call.to),
              Selector: selectorSpellings(call.selector.felt, call.selector.name),
              Calldata: each(call.calldata, feltSpellings),
            }),
          ),
        ),
      }),
    }),
}

/**
 * SNIP-9 v1 (revision 0) typed data: every field a felt, lengths written out.
 * @example fc.sample(outsideExecutionV1.model.chain(outsideExecutionV1.spell), 1)
 */
export const outsideExecutionV1: Shape<OutsideExecutionModel> = {
  model: outsideExecutionModel,
  spell: (m) =>
    fc.record({
      types: fc.constant(OUTSIDE_EXECUTION_V1_TYPES),
      primaryType: fc.constant('OutsideExecution'),
      domain: fc.record({
        name: feltSpellings(shortString('Account.execute_from_outside')),
        version: numberSpellings(1n),
        chainId: feltSpellings(m.chainId),
      }),
      message: fc.record({
        caller: feltSpellings(m.caller),
        nonce: feltSpellings(m.nonce),
        execute_after: feltSpellings(m.after),
        execute_before: feltSpellings(m.before),
        calls_len: numberSpellings(BigInt(m.calls.length)),
        calls: fc.tuple(
          ...m.calls.map((call) =>
            fc.record({
              to: feltSpellings(call.to),
              selector: feltSpellings(call.selector.felt),
              calldata_len: numberSpellings(BigInt(call.calldata.length)),
              calldata: each(call.calldata, feltSpellings),
            }),
          ),
        ),
      }),
    }),
}

/** A session's felts. */
export interface SessionModel {
  chainId: bigint
  expiresAt: bigint
  methods: { contract: bigint; selector: { felt: bigint; name?: string } }[]
  metadata: string
  key: bigint
}

/**
 * Argent session typed data (revision 1).
 * @example fc.sample(session.model.chain(session.spell), 1)
 */
export const session: Shape<SessionModel> = {
  model: fc.record({
    chainId: chainValue,
    expiresAt: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    methods: fc.array(
      fc.record({ contract: addressValue, selector: callValue.map((call) => call.selector) }),
      { minLength: 1, maxLength: 4 },
    ),
    metadata: fc.constantFrom('{"projectID":"demo","txFees":[]}', '', 'x'.repeat(62)),
    key: feltValue,
  }),
  spell: (m) =>
    fc.record({
      types: fc.constant(SESSION_TYPES),
      primaryType: fc.constant('Session'),
      domain: fc.record({
        name: feltSpellings(shortString('SessionAccount.session')),
        version: numberSpellings(shortString('1')),
        chainId: feltSpellings(m.chainId),
        revision: revisionSpelling,
      }),
      message: fc.record({
        'Expires At': numberSpellings(m.expiresAt),
        'Allowed Methods': fc.tuple(
          ...m.methods.map((method) =>
            fc.record({
              'Contract Address': numberSpellings(method.contract),
              selector: selectorSpellings(method.selector.felt, method.selector.name),
            }),
          ),
        ),
        Metadata: fc.constant(m.metadata),
        'Session Key': feltSpellings(m.key),
      }),
    }),
}

/** A login-style message: text, yes/no and short strings only. */
export interface TextModel {
  chainId: bigint
  statement: string
  words: bigint[]
  agreed: boolean
}

/** Text a person reads as words (at least one letter that is no hex digit). */
const words = fc.stringMatching(/^[A-Za-z ,.!?:/-]{0,8}[g-np-wyzG-NP-WYZ][A-Za-z ,.!?:/-]{0,40}$/)

/**
 * Revision 1 typed data whose every leaf is text: the proof rule calls it text only.
 * @example fc.sample(textMessage.model.chain(textMessage.spell), 1)
 */
export const textMessage: Shape<TextModel> = {
  model: fc.record({
    chainId: chainValue,
    statement: words,
    words: fc.array(
      words
        .filter((w) => w.length <= 31)
        .map((w) => BigInt(`0x${Buffer.from(w, 'latin1').toString('hex') || '0'}`)),
      { maxLength: 3 },
    ),
    agreed: fc.boolean(),
  }),
  spell: (m) =>
    fc.record({
      types: fc.constant({
        StarknetDomain: starknetDomainType(),
        Login: [
          { name: 'Statement', type: 'string' },
          { name: 'Words', type: 'shortstring*' },
          { name: 'Agreed', type: 'bool' },
        ],
      }),
      primaryType: fc.constant('Login'),
      domain: fc.record({
        name: fc.constant('Example dapp'),
        version: feltSpellings(1n),
        chainId: feltSpellings(m.chainId),
        revision: revisionSpelling,
      }),
      message: fc.record({
        Statement: fc.constant(m.statement),
        Words: each(m.words, feltSpellings),
        Agreed: fc.constant(m.agreed),
      }),
    }),
}
