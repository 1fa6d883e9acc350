import express from 'express'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { type Served, serveApp } from '../../infra/http/serve'
import { createApprovalPolicy } from './approval'
import { faultInjector } from './faultInjector'
import { createFaultRegistry } from './faults'
import { createInbox } from './inbox'
import { createDevRouter } from './router'

const faults = createFaultRegistry()
// A sleep the test releases by hand, so a delay is observed by ordering instead of by wall-clock time.
const sleeps: Array<{ ms: number; release: () => void }> = []
let sleepCalled: () => void = () => {}
const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    sleeps.push({ ms, release: resolve })
    sleepCalled()
  })

let served: Served
beforeAll(async () => {
  const app = express()
  app.use(faultInjector(faults, { sleep }))
  app.use(
    '/dev',
    createDevRouter({
      inbox: createInbox(),
      approval: createApprovalPolicy(),
      faults,
      clock: { now: () => 0, set: () => {}, increase: () => {} },
      accounts: { list: () => [], create: (email) => ({ email, address: '0x1' }), fund: () => {} },
    }),
  )
  app.post('/paymaster/v1/execute', (_req, res) => {
    res.setHeader('signature', '0x1,0x2')
    res.json({ transactionHash: '0xabc' })
  })
  app.get('/paymaster/v1/accounts/:address/compatible', (_req, res) => {
    res.json({ isCompatible: true })
  })
  served = await serveApp(app)
})
afterAll(() => served.close())
beforeEach(() => {
  faults.clear()
  sleeps.length = 0
})

const execute = () => fetch(`${served.url}/paymaster/v1/execute`, { method: 'POST' })
const addFault = async (spec: object) => {
  const response = await fetch(`${served.url}/dev/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  })
  expect(response.status).toBe(201)
}

it('fails the next N matching requests, then serves normally', async () => {
  await addFault({ route: '/paymaster/v1/execute', count: 2, status: 503, body: { messages: ['busy'] } })
  for (let i = 0; i < 2; i++) {
    const failed = await execute()
    expect(failed.status).toBe(503)
    expect(await failed.json()).toEqual({ messages: ['busy'] })
  }
  const ok = await execute()
  expect(ok.status).toBe(200)
  expect(await ok.json()).toEqual({ transactionHash: '0xabc' })
  expect(faults.list()).toEqual([])
})

it('only hits the given method and pattern, and never the dev API', async () => {
  await addFault({ route: '/paymaster/v1/accounts/*/compatible', method: 'GET', count: 1, status: 500 })
  await addFault({ route: '/', method: 'GET', count: 5, status: 418 })
  expect((await execute()).status).toBe(200)
  expect((await fetch(`${served.url}/paymaster/v1/accounts/0x1/compatible`)).status).toBe(500)
  expect((await fetch(`${served.url}/paymaster/v1/accounts/0x1/compatible`)).status).toBe(418)
  expect((await fetch(`${served.url}/dev/faults`)).status).toBe(200)
})

it('sends malformed JSON when asked', async () => {
  await addFault({ route: '/paymaster/v1/execute', count: 1, malformedJson: true })
  const response = await execute()
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const text = await response.text()
  expect(() => JSON.parse(text)).toThrow(SyntaxError)
})

it('delays the answer until the delay has passed', async () => {
  await addFault({ route: '/paymaster/v1/execute', count: 1, delayMs: 2500 })
  const slept = new Promise<void>((resolve) => {
    sleepCalled = resolve
  })
  let answered = false
  const pending = execute().then((response) => {
    answered = true
    return response
  })
  await slept
  expect(sleeps.map((s) => s.ms)).toEqual([2500])
  // The delayed request is still open while an undelayed one completes past it.
  expect((await execute()).status).toBe(200)
  expect(answered).toBe(false)
  sleeps[0]?.release()
  const response = await pending
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ transactionHash: '0xabc' })
})

it('drops the signature header from the real answer', async () => {
  await addFault({ route: '/paymaster/v1/execute', count: 1, dropSignatureHeader: true })
  const unsigned = await execute()
  expect(unsigned.headers.get('signature')).toBeNull()
  expect(await unsigned.json()).toEqual({ transactionHash: '0xabc' })
  expect((await execute()).headers.get('signature')).toBe('0x1,0x2')
})

it('leaves CORS preflights alone and lets browsers read injected answers', async () => {
  await addFault({ route: '/paymaster/v1/execute', count: 1, status: 503 })
  const preflight = await fetch(`${served.url}/paymaster/v1/execute`, {
    method: 'OPTIONS',
    headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
  })
  expect(preflight.status).not.toBe(503)
  const failed = await fetch(`${served.url}/paymaster/v1/execute`, {
    method: 'POST',
    headers: { origin: 'http://localhost:5173' },
  })
  expect(failed.status).toBe(503)
  expect(failed.headers.get('access-control-allow-origin')).toBe('*')
})
