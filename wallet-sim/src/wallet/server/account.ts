// The Argent-style account every wallet user gets: owner = the user's key, guardian = the simulator's
// cosigner key. Its address is counterfactual (UDC-less deploy-account address) until deployed.

import { toAddress } from '@webwallet/protocol/constants'
import { argentConstructorCalldata as protocolCalldata, toHex } from '@webwallet/protocol/session'
import { hash } from 'starknet'
import { ARGENT_ACCOUNT_CLASS_HASH } from '../../chain/contracts/argent'
import { starkPublicKey } from '../../chain/signature'
import type { AccountDeployment } from '../../services/login/state'

/**
 * Argent's constructor calldata: `owner: Signer::Starknet(pubkey), guardian: Option<Signer>` (protocol's):
 * the wallet's accounts have the instance's guardian; without one it is `Option::None`, read as 0.
 */
export function argentConstructorCalldata(ownerPublicKey: string, guardianPublicKey?: string): string[] {
  return protocolCalldata(ownerPublicKey, guardianPublicKey)
}

/**
 * Computes the counterfactual Argent account of an owner key (salt = owner public key).
 *
 * @example
 * const createAccountFor = argentAccountFactory(guardianPrivateKey) // the instance's own key (app.ts)
 * new LoginService({ ..., accounts: { createAccountFor } })
 */
export function argentAccountFactory(
  guardianPrivateKey: string,
): (ownerPublicKey: string) => AccountDeployment {
  const guardianPublicKey = toHex(starkPublicKey(guardianPrivateKey))
  return (ownerPublicKey) => {
    const constructorCalldata = argentConstructorCalldata(ownerPublicKey, guardianPublicKey)
    const salt = toHex(BigInt(ownerPublicKey))
    const classHash = toHex(ARGENT_ACCOUNT_CLASS_HASH)
    const address = hash.calculateContractAddressFromHash(salt, classHash, constructorCalldata, 0)
    return {
      address: toAddress(BigInt(address)),
      classHash,
      salt,
      constructorCalldata,
    }
  }
}
