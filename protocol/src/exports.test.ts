import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as calldata from './calldata'
import * as constants from './constantsEntry'
import * as errors from './errors'
import * as fees from './fees'
import * as main from './index'
import * as procedures from './procedures'
import * as router from './router'
import * as services from './services'
import * as typedData from './typedData'
import * as wallet from './wallet'

// Like wagmi's exports test: any added, renamed or removed public export shows up in review.
describe('public exports', () => {
  it('@webwallet/protocol', () => {
    expect(Object.keys(main).sort()).toMatchSnapshot()
  })
  it('@webwallet/protocol/calldata', () => {
    expect(Object.keys(calldata).sort()).toMatchSnapshot()
  })
  it('@webwallet/protocol/constants: the main entry without its zod schemas', () => {
    expect(Object.keys(constants).filter((name) => !(name in main))).toEqual([])
    expect(Object.keys(constants).sort()).toMatchSnapshot()
  })
  it('@webwallet/protocol/fees', () => {
    expect(Object.keys(fees).sort()).toMatchSnapshot()
  })
  it('@webwallet/protocol/errors', () => {
    expect(Object.keys(errors).sort()).toMatchSnapshot()
  })
  it('@webwallet/protocol/procedures', () => {
    expect(Object.keys(procedures).sort()).toMatchSnapshot()
  })
  it('@webwallet/protocol/rpc, the deprecated name of /procedures, is the same files', () => {
    const { exports } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    expect(exports['./rpc']).toEqual(exports['./procedures'])
  })
  it('@webwallet/protocol/router', () => {
    expect(Object.keys(router).sort()).toMatchSnapshot()
  })
  it('@webwallet/protocol/services', () => {
    expect(Object.keys(services).sort()).toMatchSnapshot()
    expect(Object.keys(services.cosigner).sort()).toMatchSnapshot()
    expect(Object.keys(services.walletPage).sort()).toMatchSnapshot()
  })
  it('@webwallet/protocol/typedData', () => {
    expect(Object.keys(typedData).sort()).toMatchSnapshot()
  })
  it('@webwallet/protocol/wallet', () => {
    expect(Object.keys(wallet).sort()).toMatchSnapshot()
  })

  it('keeps the error table out of the main entry', () => {
    expect(Object.keys(errors).filter((name) => name in main)).toEqual([])
  })

  it('registers every exported coded error class', () => {
    const exported = (Object.values(errors) as unknown[])
      .map((v) => (typeof v === 'function' ? (v as { code?: unknown }).code : undefined))
      .filter((code): code is string => typeof code === 'string')
      .sort()
    expect(exported).toEqual([...errors.ERROR_CLASSES.keys()].sort())
  })
})
