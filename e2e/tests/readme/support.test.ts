// The README test's own parts: how fences are read, what the sh check refuses, and the Node preamble's
// redirect of wallet-sim's dev origin to the simulator the test started.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startSim } from '@webwallet/wallet-sim'
import { afterAll, describe, expect, it } from 'vitest'
import { blocksOf, findReadmes, kindOf, ROOT } from '../../support/readmeBlocks'
import { runOnNode } from '../../support/readmeRun'
import { checkShellBlock, commandsOf } from '../../support/readmeSh'

const dir = mkdtempSync(join(tmpdir(), 'readmeBlocks-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('blocksOf', () => {
  it('reads each fence with its line, language, flags and kind', () => {
    writeFileSync(
      join(dir, 'README.md'),
      [
        '# x', // 1
        '```ts', // 2
        'const a = 1', // 3
        '```', // 4
        '```tsx browser', // 5
        '```', // 6
        '```ts no-run', // 7
        '```', // 8
        '```tsx', // 9
        '```', // 10
        '```ts runnable', // 11
        '```', // 12
        '```sh', // 13
        'npm ci', // 14
        '```', // 15
        '```', // 16
        'output', // 17
        '```', // 18
      ].join('\n'),
    )
    const blocks = blocksOf('README.md', dir)
    expect(blocks.map((b) => [b.line, b.lang, b.kind])).toEqual([
      [2, 'ts', 'node'],
      [5, 'tsx', 'browser'],
      [7, 'ts', 'typecheck'],
      [9, 'tsx', 'invalid'],
      [11, 'ts', 'invalid'],
      [13, 'sh', 'sh'],
      [16, '', 'other'],
    ])
    expect(blocks[0]!.code).toBe('const a = 1\n')
    expect(blocks[3]!.problem).toBe('a tsx block must be `tsx browser` or `tsx no-run`')
    expect(blocks[4]!.problem).toBe('unknown fence flag "runnable" (browser, no-run)')
  })
})

describe('kindOf', () => {
  it.each([
    ['jsx', ['browser'], 'browser'],
    ['jsx', ['no-run'], 'typecheck'],
    ['tsx', ['browser'], 'browser'],
    ['js', [], 'node'],
    ['mjs', ['no-run'], 'typecheck'],
  ] as const)('```%s %s is %s', (lang, flags, kind) => {
    expect(kindOf(lang, flags)).toEqual({ kind })
  })

  it.each(['jsx', 'tsx'])('refuses a bare ```%s: JSX needs a page', (lang) => {
    expect(kindOf(lang, [])).toEqual({
      kind: 'invalid',
      problem: `a ${lang} block must be \`${lang} browser\` or \`${lang} no-run\``,
    })
  })

  it('refuses an unknown flag on a jsx block', () => {
    expect(kindOf('jsx', ['brower'])).toEqual({
      kind: 'invalid',
      problem: 'unknown fence flag "brower" (browser, no-run)',
    })
  })
})

describe('checkShellBlock', () => {
  it('splits commands, drops comments and environment assignments, keeps usage text whole', () => {
    expect(
      commandsOf('A=1 npm ci && npm start # comment\nnpx wallet-sim [--approve manual|auto] \\\n  --seed 1'),
    ).toEqual([
      ['npm', 'ci'],
      ['npm', 'start'],
      ['npx', 'wallet-sim', '[--approve', 'manual|auto]', '--seed', '1'],
    ])
  })

  it('accepts what exists', () => {
    expect(() =>
      checkShellBlock(
        'npm ci && npm start\nnpm run bench -w @webwallet/wallet-sim\nnpx wallet-sim --port 3005 --state f.json\nnode scripts/start.mjs\ndocker compose up --build --exit-code-from e2e wallet-sim demo\ncurl localhost:3005/dev/faults\ngit status',
      ),
    ).not.toThrow()
  })

  it.each([
    ['npm run nope', 'npm script "nope" is not in the root package.json'],
    ['npm run nope -w @webwallet/wallet-sim', 'npm script "nope" is not in @webwallet/wallet-sim'],
    ['npx wallet-sim --no-such-flag', '--no-such-flag is not in `wallet-sim --help`'],
    ['npx no-such-bin', 'npx no-such-bin: no such bin'],
    ['node scripts/nope.mjs', 'no file scripts/nope.mjs'],
    ['docker compose up nope', 'docker compose: no service nope'],
    ['curl localhost:3005/nope', 'curl /nope: wallet-sim serves no such path'],
  ])('refuses `%s`', (code, message) => {
    expect(() => checkShellBlock(code)).toThrow(message)
  })
})

describe('the Node preamble', () => {
  it("sends a block's fetches to http://localhost:3005 to the simulator the test started", async () => {
    const sim = await startSim()
    try {
      const script = join(dir, 'fetch.mjs')
      writeFileSync(script, "console.log(await (await fetch('http://localhost:3005/is_alive')).text())\n")
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', join(import.meta.dirname, 'nodePreamble.mjs'), script],
        { env: { ...process.env, README_BLOCK_SIM: sim.url } },
      )
      expect(stdout.trim()).toBe('Alive!!!')
    } finally {
      await sim.close()
    }
  })
})

describe('a guide under docs/', () => {
  // The READMEs' long sections live in docs/*.md: their blocks must be found and run there as in a README.
  it('is found, and its wrong block fails while a right one passes', async () => {
    const root = join(dir, 'repo')
    mkdirSync(join(root, 'docs', 'security'), { recursive: true })
    writeFileSync(join(root, 'README.md'), '# x\n')
    const guide = [
      '# A guide', // 1
      '```ts', // 2
      "const answer: number = JSON.parse('42')", // 3
      "if (answer !== 42) throw new Error('wrong')", // 4
      '```', // 5
      '```ts', // 6
      "import { Account } from 'starknet'", // 7
      "if (typeof Account !== 'function') process.exit(0)", // 8
      "throw new Error('this guide says what is not so')", // 9
      '```', // 10
    ].join('\n')
    writeFileSync(join(root, 'docs', 'guide.md'), guide)
    writeFileSync(join(root, 'docs', 'security', 'deep.md'), '# Deep\n')
    expect(findReadmes(root)).toEqual(['README.md', 'docs/guide.md', 'docs/security/deep.md'])
    const [right, wrong] = blocksOf('docs/guide.md', root)
    expect([right?.kind, wrong?.kind]).toEqual(['node', 'node'])
    // Where the docs test puts its modules: below the workspace, so `starknet` resolves as in an app.
    const cache = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'readmeGuide-'))
    try {
      const passed = await runOnNode(right!, { cache, root })
      expect(passed.code, passed.output).toBe(0)
      const failed = await runOnNode(wrong!, { cache, root })
      expect(failed.code).not.toBe(0)
      expect(failed.output).toContain('this guide says what is not so')
    } finally {
      rmSync(cache, { recursive: true, force: true })
    }
  }, 60_000)
})
