import * as z from 'zod/mini'
import { oneOfValues } from './util'
import './genericMessages'

/**
 * starknetVersion of `enable`, when given.
 *
 * @example
 * StarknetVersionSchema.parse('v5')
 */
export const StarknetVersionSchema = oneOfValues(['v3', 'v4', 'v5'])
/** A value {@link StarknetVersionSchema} accepts, as it parses it. */
export type StarknetVersion = z.infer<typeof StarknetVersionSchema>

/** Connector theme. */
export const ThemeSchema = oneOfValues(['light', 'dark', 'auto'])
/** A value {@link ThemeSchema} accepts, as it parses it. */
export type Theme = z.infer<typeof ThemeSchema>

/** Cairo version of an account class: the string '0' or '1'. */
export const CairoVersionSchema = oneOfValues(['0', '1'])
/** A value {@link CairoVersionSchema} accepts, as it parses it. */
export type CairoVersion = z.infer<typeof CairoVersionSchema>

/** Version of wallet deployment data: the number 0 or 1. */
export const DeploymentVersionSchema = oneOfValues([0, 1])

/**
 * Starknet ID's alphabets: the basic one (a-z, 0-9, '-') and the two extra characters of its "big"
 * alphabet, '这' and '来', which the name encoding uses for characters outside the basic set.
 */
export const STARKNET_ID_BASIC_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789-'
export const STARKNET_ID_BIG_ALPHABET = '这来'

/**
 * A Starknet ID domain: one or more labels of the two alphabets, dot-separated, ending in '.stark'.
 *
 * @example
 * StarknetIdDomainSchema.parse('alice.stark')
 */
export const StarknetIdDomainSchema = z
  .string()
  .check(z.refine((v) => /^([a-z0-9\-这来]+\.)+stark$/u.test(v), 'Invalid Starknet ID domain'))

/** Account signer kinds; a missing guardian reads as 0 (`argentSigners` in `@webwallet/protocol/session`). */
export const SignerKindSchema = oneOfValues(['native', 'Secp256k1', 'Secp256r1', 'Eip191', 'Webauthn'])
/** A value {@link SignerKindSchema} accepts, as it parses it. */
export type SignerKind = z.infer<typeof SignerKindSchema>
