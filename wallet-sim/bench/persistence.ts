// What `--state FILE` costs per block once the chain is big: builds a chain of N mints in memory, writes
// it as a state file, opens a persisted simulator on it and times the next blocks with and without
// persistence. Run: `node ./bin/runTs.js bench/persistence.ts [N=2000] [blocks=100]` from wallet-sim.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Simulator } from '../src/chain/simulator'

const [n = 2000, blocks = 100] = process.argv.slice(2).map(Number)
const address = (i: number) => `0x${(0x5a1e0000 + i).toString(16)}`

/** Milliseconds of each of `count` blocks, each a mint to a fresh address (a new storage slot). */
function timeBlocks(sim: Simulator, from: number, count: number): number[] {
  const times: number[] = []
  for (let i = from; i < from + count; i++) {
    const start = performance.now()
    sim.mint(BigInt(address(i)), 1n, 'FRI')
    times.push(performance.now() - start)
  }
  return times
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0
const ms = (x: number) => `${x.toFixed(2)} ms`

const dir = mkdtempSync(join(tmpdir(), 'wallet-sim-persistence-'))
const file = join(dir, 'state.json')
try {
  const memory = new Simulator({ accounts: 2, seed: 7 })
  let start = performance.now()
  timeBlocks(memory, 0, n)
  console.log(`${n} mints in memory: ${ms(performance.now() - start)}`)
  writeFileSync(file, JSON.stringify(memory.dump()))
  console.log(`state written as one dump: ${(statSync(file).size / 1e6).toFixed(1)} MB`)

  start = performance.now()
  const persisted = new Simulator({ accounts: 2, seed: 7, stateFile: file })
  console.log(`open on the state file: ${ms(performance.now() - start)}`)
  const withState = timeBlocks(persisted, n, blocks)
  const withoutState = timeBlocks(memory, n, blocks)
  console.log(`next ${blocks} blocks, per block (median / p95 / max):`)
  console.log(
    `  persisted:   ${ms(median(withState))} / ${ms(p95(withState))} / ${ms(Math.max(...withState))}`,
  )
  console.log(`  in memory:   ${ms(median(withoutState))} / ${ms(p95(withoutState))}`)
  console.log(`  persistence: ${ms(median(withState) - median(withoutState))} per block (median difference)`)
  const journal = `${file}.journal`
  if (existsSync(journal))
    console.log(`  journal: ${(statSync(journal).size / blocks / 1e3).toFixed(1)} kB per block`)
  start = performance.now()
  persisted.close()
  console.log(`close (a full snapshot): ${ms(performance.now() - start)}`)
  for (const name of readdirSync(dir))
    console.log(`  ${name}: ${(statSync(join(dir, name)).size / 1e6).toFixed(2)} MB`)
  start = performance.now()
  new Simulator({ accounts: 2, seed: 7, stateFile: file }).close()
  console.log(`reopen and close: ${ms(performance.now() - start)}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
