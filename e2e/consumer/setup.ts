// Global setup of the consumer suite: one temporary folder outside the workspaces (os.tmpdir()), the three
// tarballs packed into it once for every test file. KEEP_CONSUMER_APPS=1 keeps the folder for a look after.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import type { Tarballs } from './support/apps'
import { progress } from './support/run'
import { type Packed, packAll } from './support/workspace'

declare module 'vitest' {
  export interface ProvidedContext {
    consumerRoot: string
    tarballs: Tarballs
    packed: Packed[]
  }
}

export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'webwallet-consumer-'))
  const dest = join(root, 'tarballs')
  mkdirSync(dest)
  progress(`packing @webwallet/protocol, /shim and /wallet-sim into ${dest}`)
  const { tarballs, packed } = await packAll(dest)
  project.provide('consumerRoot', root)
  project.provide('tarballs', tarballs)
  project.provide('packed', packed)
  return () => {
    if (process.env.KEEP_CONSUMER_APPS) progress(`kept ${root}`)
    else rmSync(root, { recursive: true, force: true })
  }
}
