// Starts the system Firefox (firefox-esr, over WebDriver BiDi) or WebKit (WebKitGTK's MiniBrowser through
// WebKitWebDriver, under its own Xvfb) for the cross-engine journeys; `engineMissing` says why one cannot run.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BidiConnection, bidiEngine } from './bidi'
import { type Engine, until } from './driver'
import { freePort, type Helper, startHelper } from './process'
import { webDriverEngine } from './webdriver'

export type EngineName = 'firefox' | 'webkit'

const first = (paths: (string | undefined)[]) => paths.find((p): p is string => !!p && existsSync(p))

/** $FIREFOX_PATH, else Debian's firefox-esr (or a firefox). */
export const firefoxPath = () => first([process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'])

/** WebKitGTK's MiniBrowser ($WEBKIT_BROWSER, else the one libwebkit2gtk ships) and $WEBKIT_DRIVER / WebKitWebDriver. */
export function webkitPaths() {
  const libs = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib', '/usr/libexec']
  const browsers = libs.flatMap((lib) =>
    existsSync(lib)
      ? readdirSync(lib)
          .filter((d) => /^webkit2?gtk-[\d.]+$/.test(d))
          .map((d) => join(lib, d, 'MiniBrowser'))
      : [],
  )
  return {
    driver: first([process.env.WEBKIT_DRIVER, '/usr/bin/WebKitWebDriver']),
    browser: first([process.env.WEBKIT_BROWSER, ...browsers]),
    xvfb: first(['/usr/bin/Xvfb']),
  }
}

/** Why `name` cannot run here (with the way out), or undefined when it can. */
export function engineMissing(name: EngineName): string | undefined {
  if (name === 'firefox')
    return firefoxPath() ? undefined : 'no firefox-esr (apt-get install -y firefox-esr, or set FIREFOX_PATH)'
  const { driver, browser, xvfb } = webkitPaths()
  if (!driver || !browser) return 'no WebKitWebDriver/MiniBrowser (apt-get install -y webkit2gtk-driver)'
  if (!xvfb && !process.env.DISPLAY) return 'no X display for MiniBrowser (apt-get install -y xvfb)'
  return undefined
}

/** Starts `name`; open pages with `Page.open(engine)`, dispose to stop the browser and its helpers. */
export function launchEngine(name: EngineName): Promise<Engine> {
  return name === 'firefox' ? launchFirefox() : launchWebKit()
}

// Only what a closed network and a throwaway profile need; the remote agent sets its recommended prefs.
const FIREFOX_PREFS = {
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'app.update.disabledForTesting': true,
  // The remote agent turns the popup blocker off by default; users have it on, and the journeys must see it.
  'dom.disable_open_during_load': true,
}

async function launchFirefox(): Promise<Engine> {
  const profile = mkdtempSync(join(tmpdir(), 'engines-firefox-'))
  writeFileSync(
    join(profile, 'user.js'),
    Object.entries(FIREFOX_PREFS)
      .map(([key, value]) => `user_pref(${JSON.stringify(key)}, ${JSON.stringify(value)});`)
      .join('\n'),
  )
  const firefox = startHelper('Firefox', firefoxPath() ?? 'firefox-esr', [
    '--headless',
    '--no-remote',
    '--remote-debugging-port=0',
    '--profile',
    profile,
    'about:blank',
  ])
  const stop = async () => {
    await firefox.stop()
    rmSync(profile, { recursive: true, force: true })
  }
  try {
    const [, url] = await firefox.waitFor(/WebDriver BiDi listening on (ws:\/\/\S+)/)
    const bidi = await BidiConnection.open(`${url}/session`)
    await bidi.send('session.new', { capabilities: {} })
    return bidiEngine('firefox', bidi, stop)
  } catch (error) {
    await stop()
    throw error
  }
}

async function launchWebKit(): Promise<Engine> {
  const { driver, browser, xvfb } = webkitPaths()
  const helpers: Helper[] = []
  const stop = async () => {
    for (const helper of helpers.reverse()) await helper.stop()
  }
  try {
    // MiniBrowser has no headless mode: it gets a virtual X display of its own (Xvfb picks a free one).
    // -noreset: by default the X server resets when its last client leaves, and the next journey's browser,
    // connecting during that reset, failed with "cannot open display" (WebKitWebDriver then never answered).
    let display = process.env.DISPLAY
    if (xvfb) {
      const server = startHelper(
        'Xvfb',
        xvfb,
        ['-displayfd', '3', '-noreset', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
        {
          fd3: true,
        },
      )
      helpers.push(server)
      const [, number] = await server.waitFor(/^(\d+)\n/m)
      display = `:${number}`
    }
    const port = await freePort()
    // One session at a time: a journey's session that did not end cleanly must not block the next one.
    const webDriver = startHelper(
      'WebKitWebDriver',
      driver ?? 'WebKitWebDriver',
      [`--port=${port}`, '--replace-on-new-session'],
      {
        env: { ...process.env, DISPLAY: display },
      },
    )
    helpers.push(webDriver)
    const url = `http://127.0.0.1:${port}`
    await until('WebKitWebDriver', async () => ((await fetch(`${url}/status`)).ok ? true : undefined), 15_000)
    // ITP on and third-party cookies refused (MiniBrowser's default), as Safari ships: the wallet's iframe
    // is a third-party frame of the demo here.
    return webDriverEngine(
      'webkit',
      url,
      { 'webkitgtk:browserOptions': { binary: browser, args: ['--automation', '--enable-itp'] } },
      stop,
      () => `WebKitWebDriver:\n${webDriver.output()}`,
    )
  } catch (error) {
    await stop()
    throw error
  }
}
