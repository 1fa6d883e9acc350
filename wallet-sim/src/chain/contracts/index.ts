// Registers the built-in contract classes. Importing this module (genesis.ts does) makes them known.
// The Argent account registers itself in ./argent/index.ts; importing it here puts it on every chain.
import './argent/index'
import { registerContractClass } from '../registry'
import { OzAccountClass } from './account'
import { CounterClass } from './counter'
import { DynamicMulticallClass } from './dynamicMulticall'
import { Erc20Class } from './erc20'
import { MulticallClass } from './multicall'
import { StarknetIdIdentityClass, StarknetIdNamingClass } from './starknetId'
import { UdcClass } from './udc'

const builtIn = [
  Erc20Class,
  OzAccountClass,
  UdcClass,
  CounterClass,
  MulticallClass,
  DynamicMulticallClass,
  StarknetIdNamingClass,
  StarknetIdIdentityClass,
]
for (const cls of builtIn) registerContractClass(cls)

export { ISRC5_ID, ISRC6_ID, OZ_ACCOUNT_CLASS_HASH, OzAccountClass } from './account'
export { decodeCalls, encodeCalls, encodeResults } from './calls'
export { COUNTER_ADDRESS, COUNTER_CLASS_HASH, CounterClass } from './counter'
export {
  DYNAMIC_MULTICALL_ADDRESS,
  DYNAMIC_MULTICALL_CLASS_HASH,
  DynamicMulticallClass,
} from './dynamicMulticall'
export {
  ERC20_CLASS_HASH,
  Erc20Class,
  Erc20Storage,
  ETH_ADDRESS,
  erc20BalanceOf,
  erc20Mint,
  rememberBalanceSlot,
  STRK_ADDRESS,
} from './erc20'
export { MULTICALL_ADDRESS, MULTICALL_CLASS_HASH, MulticallClass } from './multicall'
export {
  STARKNET_ID_IDENTITY_ADDRESS,
  STARKNET_ID_IDENTITY_CLASS_HASH,
  STARKNET_ID_NAMING_ADDRESS,
  STARKNET_ID_NAMING_CLASS_HASH,
  StarknetIdIdentityClass,
  StarknetIdNamingClass,
} from './starknetId'
export { joinU256, splitU256 } from './u256'
export { LEGACY_UDC_ADDRESS, UDC_ADDRESS, UDC_CLASS_HASH, UdcClass } from './udc'
