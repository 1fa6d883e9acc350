// Registers the Argent account 0.4.0 class with the node's class registry on import.
import { registerContractClass } from '../../registry'
import { ArgentAccountClass } from './account'

registerContractClass(ArgentAccountClass)

export { ARGENT_ACCOUNT_CLASS_HASH, ARGENT_INTERFACE_IDS, ArgentAccountClass } from './account'
export { decodeSigners } from './constructor'
