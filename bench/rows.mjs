// The table's rows from the parts' results: ours beside the anchor on the same work, and the target with
// whether it was met. A part that failed (undefined) contributes no rows.
import { fixed, verdict } from './table.mjs'

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const span = ({ min, max }) => (min === max ? `${max}` : `${min}-${max}`)
const trips = (c) => `${span(c.nodeRoundTrips)} (${span(c.nodeRequests)} requests)`
const services = (c) => `, cosigner ${span(c.cosigner)}, paymaster ${span(c.paymaster)}`
const row = (area, what, ours, anchor = '-', target = '-') => ({ area, what, ours, anchor, target })

function bundleRows(b) {
  const anchor = `starknetkit/webwallet ${kb(b.starknetkitWebwallet.gzipBytes)}`
  return [
    row(
      'Bundle',
      '@webwallet/shim/connector (min+gzip, starknet external)',
      kb(b.connector.gzipBytes),
      anchor,
      `≤ 15 KB${verdict(b.connector.gzipBytes <= 15 * 1024)}`,
    ),
    row(
      'Bundle',
      '@webwallet/shim, loaded with the page (min+gzip, starknet external; in all with its lazy chunks)',
      b.sdk.total ? `${kb(b.sdk.gzipBytes)} (${kb(b.sdk.total.gzipBytes)})` : kb(b.sdk.gzipBytes),
      anchor,
      `≤ 25 KB${verdict(b.sdk.gzipBytes <= 25 * 1024)}`,
    ),
  ]
}

function roundTripRows({ sdk, starknetjs }) {
  const executeAndWait = sdk.deployedExecute.nodeRoundTrips.max + sdk.waitShort.nodeRoundTrips
  const executeAndWaitRequests = sdk.deployedExecute.nodeRequests.max + sdk.waitShort.nodeRoundTrips
  return [
    row(
      'Round trips',
      'session execute, deployed account: node round trips',
      `${trips(sdk.deployedExecute)}${services(sdk.deployedExecute)}`,
      `starknet.js Account.execute ${trips(starknetjs.execute)}`,
      `≤ 3${verdict(sdk.deployedExecute.nodeRoundTrips.max <= 3)}`,
    ),
    row(
      'Round trips',
      'first execute, undeployed account (deploys on the way)',
      `${trips(sdk.undeployedFirstExecute)}${services(sdk.undeployedFirstExecute)}`,
      '- (starknet.js does not deploy on execute)',
    ),
    row(
      'Round trips',
      'execute, then wait for the receipt: node round trips',
      `${executeAndWait} (${executeAndWaitRequests} requests)`,
      `starknet.js execute + waitForTransaction ${trips(starknetjs.executeAndWait)}`,
    ),
    row(
      'Round trips',
      'accepted → receipt in hand, default wait (5000 ms interval)',
      `${fixed(sdk.waitDefault.ms)} ms`,
      `starknet.js ${fixed(starknetjs.waitDefault.ms)} ms`,
    ),
    row(
      'Round trips',
      'accepted → receipt in hand, retryInterval 100 ms',
      `${fixed(sdk.waitShort.ms)} ms`,
      `starknet.js ${fixed(starknetjs.waitShort.ms)} ms`,
    ),
  ]
}

function browserRows(w) {
  const { restore, requestRoundTrip: rt, walletHttp: http, sessionExecute: ex } = w
  return [
    row(
      'Chromium',
      `restored-session wallet.connect(): first after reload / p50 of ${restore.count}`,
      `${fixed(restore.firstMs)} / ${fixed(restore.p50)} ms, ${restore.requests} requests`,
      '-',
      // One node read per restore: the chain check of issue 36 (a session of a chain that is gone).
      `< 5 ms, ≤ 1 request each${verdict(restore.firstMs < 5 && restore.requests <= restore.count)}`,
    ),
    row(
      'Chromium',
      `first connect via iframe, wallet logged in, median of ${w.firstConnect.count}: cold / warm cache`,
      `${fixed(w.firstConnect.coldMs, 0)} / ${fixed(w.firstConnect.warmMs, 0)} ms`,
    ),
    row(
      'Chromium',
      `wallet_requestChainId over postMessage, ${rt.count} calls: p50 / p99`,
      `${fixed(rt.p50)} / ${fixed(rt.p99)} ms`,
      '-',
      `p50 < 1 ms${verdict(rt.p50 < 1)}`,
    ),
    row(
      'Chromium',
      '  of which the wallet’s GET /wallet/api/chainId (from its frame): p50 / p99',
      `${fixed(http.p50)} / ${fixed(http.p99)} ms`,
    ),
    row(
      'Chromium',
      `session execute, deployed, p50 of ${ex.count}: to hash / to receipt (100 ms polls)`,
      `${fixed(ex.toHashP50, 0)} / ${fixed(ex.toReceiptP50, 0)} ms`,
    ),
  ]
}

/** Issue 39: a user test against the injected wallet, and one that starts signed in (Chromium, hands-free). */
function userTestRows({ userTest: u, signedInTest: s }) {
  const runs = (t) => `${fixed(t.p50, 0)} / ${fixed(t.p95, 0)} ms, ${t.failures} of ${t.count} failed`
  return [
    row(
      'Chromium',
      `user test, injected wallet: new context, connect, one transaction, receipt; p50 / p95 of ${u.count}`,
      runs(u),
      'web-wallet fixtures: log in, session, one transaction, 1.6 s (issue 39)',
      `≤ 500 ms, no failure${verdict(u.p50 <= 500 && u.failures === 0)}`,
    ),
    row(
      'Chromium',
      `signed-in test, injected wallet: a connected page, reset and reused, one transaction, receipt; p50 / p95 of ${s.count}`,
      runs(s),
      '-',
      `≤ 200 ms, no failure${verdict(s.p50 <= 200 && s.failures === 0)}`,
    ),
  ]
}

/**
 * The issues' simulator targets, per run of invokes in tx/s (issue 25: 450 session-signed sequential, startup
 * under 0.5 s, both on an idle machine).
 */
const INVOKE_TARGETS = {
  owner: { sequential: 200, concurrent: 200 },
  session: { sequential: 450, concurrent: 100 },
}
const STARTUP_TARGET_MS = 500

function simulatorRows(s) {
  const invokes = (signer, mode) => {
    const run = s[signer][mode]
    return row(
      'Simulator',
      `${signer}-signed invokes over HTTP, ${mode === 'sequential' ? 'sequential' : '32 concurrent senders'}: tx/s, p50 / p99`,
      `${fixed(run.tps, 0)} tx/s, ${fixed(run.p50)} / ${fixed(run.p99)} ms`,
      '-',
      `≥ ${INVOKE_TARGETS[signer][mode]} tx/s${verdict(run.tps >= INVOKE_TARGETS[signer][mode])}`,
    )
  }
  return [
    row(
      'Simulator',
      'startup (spawn → first RPC answer)',
      `${fixed(s.readyMs, 0)} ms`,
      '-',
      `< ${STARTUP_TARGET_MS / 1000} s${verdict(s.readyMs < STARTUP_TARGET_MS)}`,
    ),
    invokes('owner', 'sequential'),
    invokes('owner', 'concurrent'),
    invokes('session', 'sequential'),
    invokes('session', 'concurrent'),
  ]
}

/** The built-in chain beside starknet-devnet-rs on the same work (bench/devnet.ts). */
function chainRows({ builtIn, devnet }) {
  const name = 'starknet-devnet'
  const other = (format) =>
    devnet.skipped ? `${name}: skipped (not installed)` : `${name} ${format(devnet)}`
  const submit = (c) => `${fixed(c.submit.tps, 0)} tx/s, ${fixed(c.submit.p50)} / ${fixed(c.submit.p99)} ms`
  const trip = (c) => `${fixed(c.roundTrip.p50, 0)} / ${fixed(c.roundTrip.p99, 0)} ms`
  return [
    row(
      'Chains',
      `starknet.js invokes from a predeployed account, ${builtIn.submit.count} sequential (explicit nonce and fee): tx/s, p50 / p99`,
      submit(builtIn),
      other(submit),
    ),
    row(
      'Chains',
      `starknet.js execute + waitForTransaction (10 ms polls), ${builtIn.roundTrip.count} round trips: p50 / p99`,
      trip(builtIn),
      other(trip),
    ),
  ]
}

/**
 * All rows, in the table's order.
 * @example
 * markdownTable(benchRows({ bundle, roundTrips, browser, simulator }))
 */
/** A session execute through wallet-sim on the built-in chain beside wallet-sim --node devnet (bench/sessionNode.ts). */
function sessionNodeRows({ builtIn, devnet }) {
  const trip = (c) => `${fixed(c.p50, 0)} / ${fixed(c.p99, 0)} ms`
  return [
    row(
      'Chains',
      `SessionAccount.execute + waitForTransaction through wallet-sim (cosigner, self-paid), ${builtIn.count} round trips: p50 / p99`,
      trip(builtIn),
      devnet.skipped
        ? 'wallet-sim --node starknet-devnet: skipped (not installed)'
        : `wallet-sim --node starknet-devnet ${trip(devnet)}`,
    ),
  ]
}

export function benchRows({ bundle, roundTrips, browser, userTests, simulator, chains, sessionNode }) {
  return [
    ...(bundle ? bundleRows(bundle) : []),
    row(
      'Bundle',
      'other anchors (quoted from issue 9, not measured here)',
      '-',
      'Coinbase 34.8, Cartridge 48.0, Base 101, Porto 119 KB',
    ),
    ...(roundTrips ? roundTripRows(roundTrips) : []),
    ...(browser ? browserRows(browser) : []),
    ...(userTests ? userTestRows(userTests) : []),
    ...(simulator ? simulatorRows(simulator) : []),
    ...(chains ? chainRows(chains) : []),
    ...(sessionNode ? sessionNodeRows(sessionNode) : []),
  ]
}
