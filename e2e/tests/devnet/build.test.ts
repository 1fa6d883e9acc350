// scripts/devnet.mjs, the build of a missing starknet-devnet, against a stand-in `cargo` (a real build takes
// tens of minutes): the build starts in the background at nice 19 and returns at once, a second start joins
// it, the wait reports the binary and drops the target folder, a failed build shows its log's tail, and
// without cargo the error says how to install. Each case has its own HOME and state folder.
import { execFile } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'

const SCRIPT = join(import.meta.dirname, '..', '..', '..', 'scripts', 'devnet.mjs')
const exec = promisify(execFile)
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A sandbox: fake HOME, state folder, and a `cargo` that waits for the file `go` before it "installs". */
function sandbox() {
  const root = mkdtempSync(join(tmpdir(), 'devnet-build-'))
  dirs.push(root)
  const home = join(root, 'home')
  mkdirSync(join(root, 'bin'), { recursive: true })
  const cargo = join(root, 'bin', 'cargo')
  writeFileSync(
    cargo,
    `#!/bin/bash
[ "$1" = "--version" ] && { echo "cargo 1.0.0"; exit 0; }
echo "args: $* target=$CARGO_TARGET_DIR niceness=$(nice)"
mkdir -p "$CARGO_TARGET_DIR"
echo "   Compiling first v1"
while [ ! -f "${root}/go" ]; do sleep 0.05; done
[ -f "${root}/fail" ] && { echo "error: could not compile"; exit 101; }
mkdir -p "$HOME/.cargo/bin"
printf '#!/bin/bash\\necho "starknet-devnet 0.10.1"\\n' > "$HOME/.cargo/bin/starknet-devnet"
chmod +x "$HOME/.cargo/bin/starknet-devnet"
echo "  Installed"
`,
  )
  chmodSync(cargo, 0o755)
  const env = {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    DEVNET_BUILD_DIR: join(root, 'state'),
    CARGO: cargo,
  }
  const run = (...args: string[]) => exec(process.execPath, [SCRIPT, ...args], { env, timeout: 60_000 })
  return { root, home, env, run, go: () => writeFileSync(join(root, 'go'), '') }
}

describe('scripts/devnet.mjs', () => {
  it('starts the build in the background, joins a running one, and the wait reports the binary', async () => {
    const box = sandbox()
    const first = await box.run('--start')
    expect(first.stdout).toMatch(
      /building starknet-devnet 0\.10\.1 \(debug\) in the background at low priority/,
    )
    expect(existsSync(join(box.home, '.cargo', 'bin', 'starknet-devnet'))).toBe(false)
    expect((await box.run('--start')).stdout).toMatch(/a build is already running \(pid \d+\)/)
    box.go()
    const waited = await box.run('--wait')
    expect(waited.stdout).toContain(`found ${join(box.home, '.cargo', 'bin', 'starknet-devnet')}`)
    const log = readFileSync(join(box.env.DEVNET_BUILD_DIR, 'build.log'), 'utf8')
    expect(log).toContain(
      `args: install starknet-devnet --locked --version 0.10.1 --debug target=${join(box.env.DEVNET_BUILD_DIR, 'target')} niceness=19`,
    )
    expect(existsSync(join(box.env.DEVNET_BUILD_DIR, 'target'))).toBe(false)
    // Found from now on: no second build.
    expect((await box.run('--start')).stdout).toContain('found ')
  })

  it('a failed build fails the wait with the tail of its log, and the next run starts over', async () => {
    const box = sandbox()
    writeFileSync(join(box.root, 'fail'), '')
    box.go()
    const failed = await box.run().catch((error: { code: number; stderr: string }) => error)
    expect(failed).toMatchObject({ code: 1 })
    expect((failed as { stderr: string }).stderr).toMatch(
      /building starknet-devnet failed \(101\):[\s\S]*could not compile/,
    )
    expect(existsSync(join(box.env.DEVNET_BUILD_DIR, 'state.json'))).toBe(false)
  })

  it('without the binary nor cargo, says how to install', async () => {
    const box = sandbox()
    const run = exec(process.execPath, [SCRIPT], { env: { ...box.env, CARGO: join(box.root, 'none') } })
    await expect(run).rejects.toMatchObject({
      stderr: expect.stringContaining('cargo install starknet-devnet --locked --version 0.10.1'),
    })
  })

  it('uses STARKNET_DEVNET as it is, and warns when its version is not the pinned one', async () => {
    const box = sandbox()
    const binary = join(box.root, 'bin', 'starknet-devnet')
    writeFileSync(binary, '#!/bin/bash\necho "starknet-devnet 0.4.0"\n')
    chmodSync(binary, 0o755)
    const { stdout } = await exec(process.execPath, [SCRIPT, '--start'], {
      env: { ...box.env, STARKNET_DEVNET: binary },
    })
    expect(stdout).toContain(`warning: ${binary} is 0.4.0, the tests pin 0.10.1`)
    expect(stdout).toContain(`found ${binary}`)
    await expect(
      exec(process.execPath, [SCRIPT], { env: { ...box.env, STARKNET_DEVNET: join(box.root, 'missing') } }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('is not an executable') })
  })
})
