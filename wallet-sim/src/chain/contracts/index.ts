// Registers the built-in contract classes. Importing this module (genesis.ts does) makes them known.
import { registerContractClass } from '../registry'
import { OzAccountClass } from './account'
import { CounterClass } from './counter'
import { Erc20Class } from './erc20'
import { MulticallClass } from './multicall'
import { UdcClass } from './udc'

for (const cls of [Erc20Class, OzAccountClass, UdcClass, CounterClass, MulticallClass])
  registerContractClass(cls)

export { ISRC5_ID, ISRC6_ID, OZ_ACCOUNT_CLASS_HASH, OzAccountClass } from './account'
export { decodeCalls, encodeCalls, encodeResults } from './calls'
export { COUNTER_ADDRESS, COUNTER_CLASS_HASH, CounterClass } from './counter'
export {
  ERC20_CLASS_HASH,
  Erc20Class,
  Erc20Storage,
  ETH_ADDRESS,
  erc20BalanceOf,
  erc20Mint,
  STRK_ADDRESS,
} from './erc20'
export { MULTICALL_ADDRESS, MULTICALL_CLASS_HASH, MulticallClass } from './multicall'
export { joinU256, splitU256 } from './u256'
export { LEGACY_UDC_ADDRESS, UDC_ADDRESS, UDC_CLASS_HASH, UdcClass } from './udc'
