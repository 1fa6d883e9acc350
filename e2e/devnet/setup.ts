// Global setup of the devnet project: fail the whole project at once, with how to install, when the binary
// is missing (rather than one "not found" per test); then start the devnet most files share (shared.ts).
import type { TestProject } from 'vitest/node'
import { devnetMissing, findDevnet, startDevnet } from '../support/devnet.ts'

export default async function setup(project: TestProject) {
  const binary = findDevnet()
  if (!binary) throw devnetMissing()
  console.log(`devnet: ${binary}`)
  // Every block's state kept and devnet_dump on request: what devApi.test.ts compares with wallet-sim, which
  // always has both; the other files read and write the latest state only.
  const devnet = await startDevnet({
    extraArgs: ['--state-archive-capacity', 'full', '--dump-on', 'request'],
  })
  project.provide('devnetUrl', devnet.url)
  project.provide('devnetPid', devnet.pid)
  return () => devnet.stop()
}
