// Finds the system Firefox and WebKit the cross-engine journeys (e2e/engines) drive, installing Debian's
// packages when they are missing and we may (root with apt-get). An engine that stays missing is reported
// with one line and skipped by the journeys; it never fails `npm test`.
// Paths as e2e/support/engines/launch.ts looks for them (FIREFOX_PATH, WEBKIT_DRIVER, WEBKIT_BROWSER).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const first = (paths) => paths.find((p) => p && existsSync(p))

const LIBS = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib', '/usr/libexec']

function miniBrowser() {
  const found = LIBS.flatMap((lib) =>
    existsSync(lib)
      ? readdirSync(lib)
          .filter((d) => /^webkit2?gtk-[\d.]+$/.test(d))
          .map((d) => join(lib, d, 'MiniBrowser'))
      : [],
  )
  return first([process.env.WEBKIT_BROWSER, ...found])
}

const ENGINES = {
  firefox: {
    packages: ['firefox-esr'],
    found: () => first([process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox']),
  },
  webkit: {
    // MiniBrowser has no headless mode: it runs under Xvfb.
    packages: ['webkit2gtk-driver', 'xvfb'],
    found: () =>
      first([process.env.WEBKIT_DRIVER, '/usr/bin/WebKitWebDriver']) &&
      miniBrowser() &&
      (process.env.DISPLAY || existsSync('/usr/bin/Xvfb')),
  },
}

/**
 * Installs what the engine journeys lack (Debian, as root) and returns the engines that can run; prints
 * one "skipped" line for each that cannot.
 */
export function ensureEngines() {
  const missing = Object.entries(ENGINES).filter(([, engine]) => !engine.found())
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const tried = missing.length > 0 && isRoot && existsSync('/usr/bin/apt-get')
  if (tried) {
    const packages = missing.flatMap(([, engine]) => engine.packages)
    console.log(`Installing ${packages.join(', ')} for the Firefox and WebKit journeys with apt-get...`)
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    })
  }
  const ready = []
  for (const [name, engine] of Object.entries(ENGINES)) {
    if (engine.found()) {
      ready.push(name)
      continue
    }
    const packages = engine.packages.join(' ')
    const why = tried
      ? `apt-get could not install ${packages}`
      : `install ${packages} (apt-get install -y ${packages}; \`npm test\` does it as root)`
    console.log(`⏭ ${name} journeys will be skipped: ${why}.`)
  }
  return ready
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(`engines to run: ${ensureEngines().join(', ') || 'none'}`)
