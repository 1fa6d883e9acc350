// scripts/steps.mjs, the lanes of `npm test`: a lane beside the live one prints each step whole, between the
// live lane's lines; the first failing step stops the other lane's running step (with what it started) and
// fails the run with its code; the summary names every step, its lane and its time.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { getPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { createRunner, StepFailed } from '../../../scripts/steps.mjs'

const node = (title: string, code: string) => ({ title, command: process.execPath, args: ['-e', code] })
const alive = (pid: number) => spawnSync('kill', ['-0', String(pid)]).status === 0
/** A child's `wait(then)`: calls `then` once `file` exists (the steps' processes signal each other by files). */
const waitFor = (file: string) =>
  `const wait = (then) => require('fs').existsSync(${JSON.stringify(file)}) ? then() : setTimeout(() => wait(then), 20);`

test('a lane beside the live one prints each step whole, on lines of its own', async () => {
  let out = ''
  const runner = createRunner({ write: (text) => (out += text) })
  // The live step writes half a line and ends it only once the other lane's step ended, which waits for the half.
  const dir = mkdtempSync(join(tmpdir(), 'steps-'))
  const [half, ended] = [join(dir, 'half'), join(dir, 'ended')]
  const live = node(
    'live',
    `${waitFor(ended)} process.stdout.write('half', () => { require('fs').writeFileSync(${JSON.stringify(half)}, ''); wait(() => console.log(' line')) })`,
  )
  const beside = node(
    'beside',
    `${waitFor(half)} wait(() => { console.log('one'); console.log('two'); console.log('three') })`,
  )
  await runner.all([
    () => runner.runStep(live),
    () =>
      runner.runStep(beside, { buffered: true, lane: 'devnet lane' }).then(() => writeFileSync(ended, '')),
  ])
  rmSync(dir, { recursive: true })
  expect(out).toContain('── beside (devnet lane) ──\none\ntwo\nthree\n── end of beside ──')
  expect(out).toContain('half\n')
  expect(out).toMatch(/half\n[\s\S]*── end of beside ──[\s\S]* line\n/) // the block came between the halves
  expect(out).toContain(' line\n')
  runner.summary()
  expect(out).toMatch(/✔ live +\d+\.\d\n/)
  expect(out).toMatch(/✔ beside \[devnet lane\] +\d+\.\d\n/)
  expect(out).toMatch(/total \d+\.\ds/)
})

test('the first failing step stops the other lane with what it started, and the run fails with its code', async () => {
  let out = ''
  const runner = createRunner({ write: (text) => (out += text) })
  // The live step starts a grandchild (a server a test would start) and waits on it; the other lane's step
  // fails once that grandchild runs.
  const dir = mkdtempSync(join(tmpdir(), 'steps-'))
  const spawned = join(dir, 'spawned')
  const grandchild = `const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('grandchild ' + c.pid); require('fs').writeFileSync(${JSON.stringify(spawned)}, ''); setInterval(() => {}, 1000)`
  const started = Date.now()
  const failing = node(
    'devnet',
    `${waitFor(spawned)} wait(() => { console.error('what went wrong'); process.exit(3) })`,
  )
  const outcome = runner
    .all([
      () => runner.runStep(node('tests', grandchild)),
      () => runner.runStep(failing, { buffered: true, lane: 'devnet lane' }),
    ])
    .catch((error: unknown) => error)
  const error = await outcome
  rmSync(dir, { recursive: true })
  expect(error).toBeInstanceOf(StepFailed)
  expect(error).toMatchObject({ title: 'devnet', status: 3 })
  expect(Date.now() - started).toBeLessThan(15_000) // the live step did not run on
  expect(out).toContain('what went wrong')
  expect(out).toContain('✖ devnet failed after')
  const pid = Number(/grandchild (\d+)/.exec(out)?.[1])
  expect(pid).toBeGreaterThan(0)
  await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false)
  // A step asked for after the failure does not start.
  await expect(runner.runStep(node('late', 'console.log(1)'))).rejects.toThrow('not started')
  runner.summary()
  expect(out).toMatch(/✖ devnet \[devnet lane\]/)
  expect(out).toMatch(/⏹ tests +\d/) // stopped, not the cause
})

test('a step run with `nice` runs at that lower CPU priority, and what it starts too', async () => {
  let out = ''
  const runner = createRunner({ write: (text) => (out += text) })
  const expected = Math.min(19, getPriority() + 5)
  const code = `const os = require('os'); const c = require('child_process').execFileSync(process.execPath, ['-e', 'console.log(require("os").getPriority())']); console.log('step ' + os.getPriority() + ' child ' + c.toString().trim())`
  await runner.runStep(node('niced', code), { buffered: true, nice: 5 })
  expect(out).toContain(`step ${expected} child ${expected}`)
})
