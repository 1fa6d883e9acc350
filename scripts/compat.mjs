// Installs a test-only anchor client that lives outside the workspaces (its peers do not resolve strictly),
// e.g. `node scripts/compat.mjs starknetkit`. Idempotent: does nothing when it is installed already.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

export function ensureCompat(name) {
  const dir = join('compat', name)
  if (!existsSync(join(dir, 'package.json'))) throw new Error(`No compat project ${dir}`)
  if (existsSync(join(dir, 'node_modules', '.package-lock.json'))) return dir
  console.log(`Installing the test-only ${name} client in ${dir} (once)...`)
  // `npm install`, not `npm ci`: this registry lacks some foreign-platform optional packages that ci insists on.
  const result = spawnSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error(`Installing ${dir} failed (exit ${result.status})`)
  return dir
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const name of process.argv.slice(2)) ensureCompat(name)
}
