// @ts-check
// Every entry of the three packages (and /rpc, the old name of /procedures) loads in plain Node (and, type-checked with NodeNext, has its types).
import * as protocol from '@webwallet/protocol'
import * as errors from '@webwallet/protocol/errors'
import * as procedures from '@webwallet/protocol/procedures'
import * as router from '@webwallet/protocol/router'
import * as rpc from '@webwallet/protocol/rpc'
import * as session from '@webwallet/protocol/session'
import * as shim from '@webwallet/shim'
import * as argent from '@webwallet/shim/argent'
import * as argentGift from '@webwallet/shim/argent/gift'
import * as connector from '@webwallet/shim/connector'
import * as react from '@webwallet/shim/react'
import * as walletSim from '@webwallet/wallet-sim'

const entries = {
  protocol,
  errors,
  router,
  procedures,
  rpc,
  session,
  shim,
  argent,
  argentGift,
  connector,
  react,
  walletSim,
}
console.log(
  JSON.stringify(Object.fromEntries(Object.entries(entries).map(([name, m]) => [name, Object.keys(m)]))),
)
