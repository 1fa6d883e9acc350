// Finds a Chromium for the browser tests, installing one when none is found.
// Order: $CHROMIUM_PATH, the system packages, Playwright's own download cache.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
]

function playwrightCached() {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright')
  if (!existsSync(root)) return undefined
  for (const dir of readdirSync(root)
    .filter((d) => d.startsWith('chromium'))
    .sort()
    .reverse()) {
    for (const rel of [
      'chrome-linux/chrome',
      'chrome-linux64/chrome',
      'chrome-headless-shell-linux64/chrome-headless-shell',
    ]) {
      const candidate = join(root, dir, rel)
      if (existsSync(candidate)) return candidate
    }
  }
  return undefined
}

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`)
    return fromEnv
  }
  return SYSTEM_PATHS.find((p) => existsSync(p)) ?? playwrightCached()
}

export function ensureChromium() {
  const found = findChromium()
  if (found) return found
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing Debian chromium with apt-get...')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  } else {
    console.log("No Chromium found: trying Playwright's download (npx playwright-core install chromium)...")
    try {
      execFileSync('npx', ['playwright-core', 'install', 'chromium'], { stdio: 'inherit' })
    } catch {
      // reported below with the ways out
    }
  }
  const installed = findChromium()
  if (installed) return installed
  throw new Error(
    [
      'No Chromium found for the browser tests, and installing one failed.',
      'Install one of these, then run the tests again:',
      '  - Debian/Ubuntu: sudo apt-get install -y chromium',
      '  - any system:    npx playwright-core install chromium',
      '  - or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
    ].join('\n'),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium())
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
