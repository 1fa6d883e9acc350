// The attacker's tools for the security suite: raw HTTP with any Host header and source address (what a
// DNS-rebinding page or another machine amounts to), an attacker's web page on an origin of its own, and a
// Chromium that resolves an attacker's name to wallet-sim (DNS rebinding, without a DNS server).
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type SessionAccount, WebWallet, type WebWalletOptions } from '@webwallet/shim'
import type { RunningSim } from '@webwallet/wallet-sim'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../support/browser'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from '../sdk/login'

export interface Answer {
  status: number
  body: string
  json<T = Record<string, unknown>>(): T
}

/**
 * One HTTP request to `url` with exactly these headers (a forged Host included), optionally from another
 * loopback source address (`localAddress: '127.0.0.2'`: another client for wallet-sim's per-IP limits).
 */
export function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: init.headers ?? {},
        ...(init.localAddress ? { localAddress: init.localAddress } : {}),
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, json: () => JSON.parse(body) }))
      },
    )
    req.once('error', reject)
    req.end(init.body)
  })
}

/** A JSON POST as Node clients send it (no Origin), with extra headers. */
export const postJson = (
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  localAddress?: string,
) =>
  raw(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ...(localAddress ? { localAddress } : {}),
  })

export const rpcCall = (method: string, params: unknown = {}, id = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

/** An attacker's page: an empty HTML document served at `http://host:port/` (port free unless given). */
export async function attackerSite(host = '127.0.0.1'): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8')
    res.end('<!doctype html><title>totally harmless</title><p>Win a prize!</p>')
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, resolve)
  })
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Headless Chromium whose resolver maps `names` to `address`: a page of `http://name:port` reaches the
 * server on that address with its own name in the Host header, as after DNS rebinding.
 */
export async function browserResolving(names: readonly string[], address: string) {
  const rules = names.map((name) => `MAP ${name} ${address}`).join(',')
  const args = [...CHROMIUM_ARGS, ...(names.length ? [`--host-resolver-rules=${rules}`] : [])]
  const browser = await chromium.launch({ executablePath: chromiumPath(), args })
  return Object.assign(browser, { [Symbol.asyncDispose]: () => browser.close() })
}

/** A session as the thief holds it: the signed session and its private key, ready for a `SessionAccount`. */
export type StolenSession = ConstructorParameters<typeof SessionAccount>[0]['session']

/**
 * The victim signs a session through the SDK (an app that opted in to `allowSessionKeyExport`), and the thief
 * takes its key with the export: the starting point of every stolen-session attack.
 */
export async function stealSession(
  sim: RunningSim,
  victim: {
    email: string
    appName: string
    allowedMethods: WebWalletOptions['sessionParams']['allowedMethods']
  },
): Promise<{ wallet: WebWallet; stolen: StolenSession }> {
  const token = await logIn(sim, victim.email)
  const wallet = WebWallet.init({
    appName: victim.appName,
    sessionParams: { allowedMethods: victim.allowedMethods },
    allowSessionKeyExport: true,
    ...headlessWalletOptions(sim, token),
  })
  await wallet.requestConnection()
  const exported = wallet.exportSignedSession({ includePrivateKey: true })
  if (!exported) throw new Error('no session to steal')
  const stolen = {
    stored: { ...exported, sessionKey: { ...exported.sessionKey, privateKey: '' } },
    privateKey: exported.sessionKey.privateKey,
  }
  return { wallet, stolen }
}
