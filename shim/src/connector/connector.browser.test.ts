import { existsSync } from 'node:fs'
import { type Browser, chromium, type Frame, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOrigins } from './testing/browser/servers'

// The connector in a real Chromium: host, wallet and an eavesdropper on three origins (three ports).

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]
const SEPOLIA = '0x534e5f5345504f4c4941'
// Waits inside wallet frames poll on a timer: a frame in a hidden modal (display:none, as the modal is once no
// shown request is pending) never runs requestAnimationFrame, Playwright's default polling.
const POLL = { polling: 100 } as const

let origins: Awaited<ReturnType<typeof startOrigins>>
let browser: Browser
let strict: Promise<Browser> | undefined
/** Playwright turns the popup blocker off by default; this browser keeps it on (launched once, when asked). */
const strictBrowser = () => {
  strict ??= chromium.launch({ executablePath, args: ARGS, ignoreDefaultArgs: ['--disable-popup-blocking'] })
  return strict
}

beforeAll(async () => {
  origins = await startOrigins()
  browser = await chromium.launch({ executablePath, args: ARGS })
}, 60_000)
afterAll(async () => {
  await (await strict)?.close()
  await browser?.close()
  await origins?.[Symbol.asyncDispose]()
})

async function hostPage(): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(origins.host)
  await page.waitForFunction(() => window.hostTest !== undefined)
  return page
}

async function walletFrame(page: Page): Promise<Frame> {
  await page.waitForFunction(() => document.querySelector('iframe#webwallet-iframe') !== null)
  const handle = await page.$('iframe#webwallet-iframe')
  const frame = await handle!.contentFrame()
  await frame!.waitForFunction(() => 'walletTest' in window, undefined, POLL)
  return frame!
}

async function connectIframe(page: Page, walletUrl: string) {
  return page.evaluate(async (url) => {
    const connector = window.hostTest.createConnector({ url, transport: 'iframe' })
    window.hostTest.connector = connector
    return connector.connect()
  }, walletUrl)
}

/** The host page's posts (the recorder sees each of the shim's): there are some, none to '*' or elsewhere. */
async function expectPostsOnlyToWallet(page: Page) {
  const posts = await page.evaluate(() => window.hostTest.posts)
  expect(posts.filter((post) => post.targetOrigin === '*')).toEqual([])
  expect(posts.length).toBeGreaterThan(0)
  expect(posts.filter((post) => post.targetOrigin !== origins.wallet)).toEqual([])
}

describe.skipIf(!existsSync(executablePath))('connector in Chromium', { timeout: 60_000 }, () => {
  it('iframe: connects over postMessage and follows updateModal', async () => {
    const page = await hostPage()
    const result = await connectIframe(page, origins.wallet)
    expect(result.account).toHaveLength(1)
    expect(result.account[0]).toMatch(/^0x[0-9a-f]+$/)
    expect(result.chainId).toBe(SEPOLIA)
    const src = await page.$eval('iframe#webwallet-iframe', (el) => el.getAttribute('src'))
    expect(src).toBe(`${origins.wallet}/iframes/comms`)
    expect(await page.$eval('#webwallet-modal', (el) => (el as HTMLElement).style.display)).toBe('none')

    const wallet = await walletFrame(page)
    await wallet.evaluate(() =>
      (window as never as { walletTest: { modal(u: unknown): void } }).walletTest.modal({ action: 'show' }),
    )
    await page.waitForFunction(
      () => (document.getElementById('webwallet-modal') as HTMLElement).style.display === 'flex',
    )
    await wallet.evaluate(() =>
      (window as never as { walletTest: { modal(u: unknown): void } }).walletTest.modal({
        action: 'updateHeight',
        height: 600,
      }),
    )
    await page.waitForFunction(
      () =>
        (document.getElementById('webwallet-iframe')!.parentElement as HTMLElement).style.height === '600px',
    )
    expect(await page.evaluate(() => window.hostTest.connector!.chainId())).toBe(SEPOLIA)
    await expectPostsOnlyToWallet(page)
    await page.close()
  })

  it("iframe: a connector whose iframe another connector removed (StrictMode's second one following pushes) opens the wallet again", async () => {
    const page = await hostPage()
    await connectIframe(page, origins.wallet)
    // A second connector of the page (React StrictMode builds it twice) restores the stored connection and
    // follows the wallet's pushes at once: its iframe removes the first's (docs/protocol.md: an earlier connector's iframe is removed first).
    await page.evaluate((url) => {
      window.hostTest.createConnector({ url, transport: 'iframe' })
    }, origins.wallet)
    await page.waitForFunction(() => document.querySelectorAll('iframe#webwallet-iframe').length === 1, POLL)
    const accounts = await page.evaluate(() =>
      window.hostTest.connector!.request({ type: 'wallet_requestAccounts', params: { silent_mode: true } }),
    )
    expect(accounts).toHaveLength(1)
    expect(await page.evaluate(() => document.querySelectorAll('iframe#webwallet-iframe').length)).toBe(1)
    await page.close()
  })

  it('iframe: after the user closes the modal, the next request follows updateModal again', async () => {
    const page = await hostPage()
    await connectIframe(page, origins.wallet)
    const wallet = await walletFrame(page)
    const modal = (update: unknown) =>
      wallet.evaluate(
        (u) => (window as never as { walletTest: { modal(u: unknown): void } }).walletTest.modal(u),
        update,
      )
    const display = () => page.$eval('#webwallet-modal', (el) => (el as HTMLElement).style.display)
    await modal({ action: 'show' })
    await page.waitForFunction(
      () => (document.getElementById('webwallet-modal') as HTMLElement).style.display === 'flex',
    )
    await page.click('#webwallet-modal button[aria-label="Close"]')
    expect(await display()).toBe('none')
    await page.evaluate(() => window.hostTest.connector!.request({ type: 'wallet_requestChainId' } as never))
    await modal({ action: 'show' })
    await page.waitForFunction(
      () => (document.getElementById('webwallet-modal') as HTMLElement).style.display === 'flex',
    )
    await page.close()
  })

  // Issue 27: an aborted or timed-out request left the modal over the app, swallowing clicks until Escape.
  it.each(['abort', 'timeout'] as const)(
    'iframe: a request that ends by %s hides the modal it showed',
    async (end) => {
      const page = await hostPage()
      await connectIframe(page, origins.wallet)
      const wallet = await walletFrame(page)
      await wallet.evaluate(() => (window as never as { walletTest: { hold(): void } }).walletTest.hold())
      await page.evaluate((how) => {
        const controller = new AbortController()
        ;(window as never as { abortRequest: () => void }).abortRequest = () => controller.abort()
        const limits = how === 'abort' ? { signal: controller.signal } : { timeoutMs: 500 }
        ;(window as never as { pending: Promise<unknown> }).pending = window.hostTest
          .connector!.request(
            { type: 'wallet_requestAccounts', params: { silent_mode: false } } as never,
            limits,
          )
          .catch((e: { code: string }) => e.code)
      }, end)
      await wallet.evaluate(() =>
        (window as never as { walletTest: { modal(u: unknown): void } }).walletTest.modal({ action: 'show' }),
      )
      await page.waitForFunction(
        () => (document.getElementById('webwallet-modal') as HTMLElement).style.display === 'flex',
      )
      if (end === 'abort')
        await page.evaluate(() => (window as never as { abortRequest: () => void }).abortRequest())
      expect(await page.evaluate(() => (window as never as { pending: Promise<unknown> }).pending)).toBe(
        end === 'abort' ? 'OPERATION_ABORTED' : 'OPERATION_TIMEOUT',
      )
      expect(await page.$eval('#webwallet-modal', (el) => (el as HTMLElement).style.display)).toBe('none')
      await page.close()
    },
  )

  // Issue 27: a URL that answers but is no wallet hung requestConnection for up to 10 minutes. The 20 s
  // handshake runs on the page's fake clock (the house style: fake timers for the 20 s constants): the frame and the
  // probe load in real time, then the clock moves a second at a time until the connector gives up.
  it("iframe: a page that loads but speaks no wallet protocol is 'Wallet not available' within 20 s, naming its URL", async () => {
    const page = await hostPage()
    await page.clock.install()
    const loads = Promise.all([
      page.waitForResponse((response) => response.url().startsWith(`${origins.evil}/`)),
      page.waitForEvent('framenavigated', (frame) => frame.url().startsWith(`${origins.evil}/`)),
    ])
    const outcome = page.evaluate(async (url) => {
      const connector = window.hostTest.createConnector({ url, transport: 'iframe' })
      const started = Date.now()
      return connector.connect().then(
        () => undefined,
        (e: { code: string; cause?: unknown }) => ({
          code: e.code,
          cause: String(e.cause),
          seconds: (Date.now() - started) / 1000,
        }),
      )
    }, origins.evil)
    await loads
    let settled = false
    void outcome.finally(() => {
      settled = true
    })
    for (let second = 0; second < 30 && !settled; second++) await page.clock.runFor(1000)
    const error = await outcome
    expect(error).toMatchObject({
      code: 'WALLET_NOT_AVAILABLE',
      cause: `No wallet answered at ${origins.evil}`,
    })
    expect(error?.seconds).toBeGreaterThanOrEqual(20)
    expect(error?.seconds).toBeLessThan(30)
    await page.close()
  })

  it('ignores forged replies from another origin and from another window of the wallet origin', async () => {
    const page = await hostPage()
    await connectIframe(page, origins.wallet)
    const wallet = await walletFrame(page)
    await wallet.evaluate(() => (window as never as { walletTest: { hold(): void } }).walletTest.hold())
    // Two forgers: a frame on a third origin, and a second frame on the wallet's own origin.
    await page.evaluate(
      ({ evil, walletEvil }) => {
        const counts = { forged: 0 }
        ;(window as never as { forgedSeen: typeof counts }).forgedSeen = counts
        window.addEventListener('message', (event) => {
          if ((event.data as { trpc?: { result?: { data?: unknown } } })?.trpc?.result?.data === '0xforged')
            counts.forged++
        })
        for (const [name, src] of [
          ['evil', evil],
          ['walletEvil', walletEvil],
        ] as const) {
          const frame = document.createElement('iframe')
          frame.name = name
          frame.src = src
          document.body.append(frame)
        }
        window.hostTest.outcome = window.hostTest.connector!.chainId()
      },
      { evil: `${origins.evil}/`, walletEvil: `${origins.wallet}/evil` },
    )
    await wallet.waitForFunction(
      () =>
        (window as never as { walletTest: { requests: Array<{ path: string }> } }).walletTest.requests.some(
          (r) => r.path === 'requestChainId',
        ),
      undefined,
      POLL,
    )
    const id = await wallet.evaluate(
      () =>
        (
          window as never as { walletTest: { requests: Array<{ id: string; path: string }> } }
        ).walletTest.requests.findLast((r) => r.path === 'requestChainId')!.id,
    )
    expect(id).toMatch(/^[0-9a-f]{16}$/)
    for (const name of ['evil', 'walletEvil']) {
      await expect.poll(() => page.frame({ name })).not.toBeNull() // attached (slow under load)
      const frame = page.frame({ name })!
      await frame.waitForFunction(() => 'evilTest' in window, undefined, POLL)
      await frame.evaluate(
        ([requestId, hostOrigin]) =>
          (window as never as { evilTest: { forge(i: string, d: unknown, o: string): void } }).evilTest.forge(
            requestId!,
            '0xforged',
            hostOrigin!,
          ),
        [id, origins.host],
      )
    }
    await page.waitForFunction(
      () => (window as never as { forgedSeen: { forged: number } }).forgedSeen.forged === 2,
    )
    await wallet.evaluate(() => (window as never as { walletTest: { release(): void } }).walletTest.release())
    expect(await page.evaluate(() => window.hostTest.outcome)).toBe(SEPOLIA)
    await expectPostsOnlyToWallet(page)
    await page.close()
  })

  it("never posts to '*': a wallet frame that moved to another origin receives nothing", async () => {
    const page = await hostPage()
    await connectIframe(page, origins.wallet)
    const wallet = await walletFrame(page)
    await wallet.evaluate(
      (url) => (window as never as { walletTest: { navigate(u: string): void } }).walletTest.navigate(url),
      `${origins.evil}/`,
    )
    await page.waitForFunction(() => {
      try {
        return (
          (document.getElementById('webwallet-iframe') as HTMLIFrameElement).contentWindow!.location.href ===
          ''
        )
      } catch {
        return true // cross-origin again: navigated
      }
    })
    const moved = page.frames().find((f) => f.url().startsWith(origins.evil))
    await (
      moved ?? (await page.waitForEvent('framenavigated', (f) => f.url().startsWith(origins.evil)))
    ).waitForFunction(() => 'evilTest' in window, undefined, POLL)
    const evil = page.frames().find((f) => f.url().startsWith(origins.evil))!
    // A request, then a marker posted with the evil origin: messages to one window arrive in order, so
    // once the marker is in, a request posted with '*' would be in too.
    await page.evaluate((evilOrigin) => {
      void window.hostTest.connector!.request({ type: 'wallet_requestChainId' }).catch(() => {})
      setTimeout(() => {
        ;(document.getElementById('webwallet-iframe') as HTMLIFrameElement).contentWindow!.postMessage(
          'marker',
          evilOrigin,
        )
      }, 0)
    }, origins.evil)
    await evil.waitForFunction(
      () =>
        (window as never as { evilTest: { received: Array<{ data: unknown }> } }).evilTest.received.some(
          (m) => m.data === 'marker',
        ),
      undefined,
      POLL,
    )
    const received = await evil.evaluate(
      () => (window as never as { evilTest: { received: unknown[] } }).evilTest.received,
    )
    expect(received).toEqual([{ origin: origins.host, data: 'marker' }])
    await page.close()
  })

  it('popup: opens /interstitialLogin inside the click and connects after the handshake', async () => {
    const page = await hostPage()
    await page.evaluate((url) => {
      const connector = window.hostTest.createConnector({ url, transport: 'popup' })
      window.hostTest.connector = connector
      document.getElementById('go')!.onclick = () => {
        window.hostTest.outcome = connector.connect()
      }
    }, origins.wallet)
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#go')])
    // Blank inside the click, at the route once the wallet answered the probe.
    await popup.waitForURL(`${origins.wallet}/interstitialLogin`)
    const result = (await page.evaluate(() => window.hostTest.outcome)) as {
      account: string[]
      chainId: string
    }
    expect(result.chainId).toBe(SEPOLIA)
    expect(result.account[0]).toMatch(/^0x[0-9a-f]+$/)
    expect(await page.evaluate(() => window.hostTest.connector!.ready())).toBe(true)
    await expectPostsOnlyToWallet(page)
    await page.close()
  })

  it("popup: closing it rejects the pending request with 'User rejected request'", async () => {
    origins.walletHolds(true)
    try {
      const page = await hostPage()
      await page.evaluate((url) => {
        const connector = window.hostTest.createConnector({ url, transport: 'popup' })
        document.getElementById('go')!.onclick = () => {
          window.hostTest.outcome = connector.connect().catch((e: { code: string; message: string }) => ({
            code: e.code,
            message: e.message,
          }))
        }
      }, origins.wallet)
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#go')])
      await popup.waitForFunction(() => 'walletTest' in window)
      await popup.close()
      expect(await page.evaluate(() => window.hostTest.outcome)).toEqual({
        code: 'USER_REJECTED',
        message: 'User rejected request',
      })
      await page.close()
    } finally {
      origins.walletHolds(false)
    }
  })

  it("popup: a blocked popup rejects with 'Could not open popup'", async () => {
    const page = await (await strictBrowser()).newPage()
    try {
      await page.goto(`${origins.host}/?connect=popup&wallet=${encodeURIComponent(origins.wallet)}`)
      await page.waitForFunction(() => window.hostTest?.outcome !== undefined)
      expect(await page.evaluate(() => window.hostTest.outcome)).toEqual({
        error: { code: 'POPUP_BLOCKED', message: 'Could not open popup' },
      })
    } finally {
      await page.context().close()
    }
  })

  it('isConnected() is true after a reload for a valid stored session (WebWallet, real connector, popup)', async () => {
    const page = await hostPage()
    await page.evaluate((url) => {
      document.getElementById('go')!.onclick = () => {
        const wallet = window.hostTest.webWallet(url)
        window.hostTest.outcome = wallet.requestConnection().then(async ({ account }) => ({
          address: account.address,
          connected: await wallet.isConnected(),
        }))
      }
    }, origins.wallet)
    await Promise.all([page.waitForEvent('popup'), page.click('#go')])
    const before = (await page.evaluate(() => window.hostTest.outcome)) as { address: string }
    expect(before).toMatchObject({ connected: true })

    await page.reload()
    await page.waitForFunction(() => window.hostTest !== undefined)
    let popups = 0
    page.on('popup', () => popups++)
    const after = await page.evaluate(async (url) => {
      const wallet = window.hostTest.webWallet(url)
      const restored = await wallet.connect()
      return {
        address: restored?.account.address,
        status: wallet.getSessionStatus(),
        connected: await wallet.isConnected(),
      }
    }, origins.wallet)
    expect(after).toEqual({ address: before.address, status: 'VALID', connected: true })
    expect(popups).toBe(0)
    await page.close()
  })

  it('after disconnect(), isConnected() agrees with connect(), also after a reload (issue 36)', async () => {
    const page = await hostPage()
    await page.evaluate((url) => {
      document.getElementById('go')!.onclick = () => {
        const wallet = window.hostTest.webWallet(url)
        window.hostTest.outcome = wallet.requestConnection().then(async ({ account }) => {
          await wallet.disconnect()
          const restored = await wallet.connect()
          return {
            address: account.address,
            restored: restored?.account.address,
            connected: await wallet.isConnected(),
          }
        })
      }
    }, origins.wallet)
    await Promise.all([page.waitForEvent('popup'), page.click('#go')])
    const before = (await page.evaluate(() => window.hostTest.outcome)) as { address: string }
    expect(before).toEqual({ address: before.address, restored: before.address, connected: true })

    await page.reload()
    await page.waitForFunction(() => window.hostTest !== undefined)
    const after = await page.evaluate(async (url) => {
      const wallet = window.hostTest.webWallet(url)
      const restored = await wallet.connect()
      return { address: restored?.account.address, connected: await wallet.isConnected() }
    }, origins.wallet)
    expect(after).toEqual({ address: before.address, connected: true })
    await page.close()
  })

  it('popup: read-only requests outside a click never call window.open (popup blocker on)', async () => {
    const page = await (await strictBrowser()).newPage()
    try {
      await page.goto(origins.host)
      await page.waitForFunction(() => window.hostTest !== undefined)
      const ask = () =>
        page.evaluate(async () => {
          const wallet = window.hostTest.createStarknetWindowObject(window.hostTest.connector!)
          const settle = (p: Promise<unknown>) =>
            p.then(
              (value) => ({ value }),
              (e: { code?: string; message?: string }) => ({ error: { code: e.code, message: e.message } }),
            )
          return {
            accounts: await settle(
              wallet.request({ type: 'wallet_requestAccounts', params: { silent_mode: true } }),
            ),
            chainId: await settle(wallet.request({ type: 'wallet_requestChainId' })),
            permissions: await settle(wallet.request({ type: 'wallet_getPermissions' })),
          }
        })
      await page.evaluate((url) => {
        const connector = window.hostTest.createConnector({ url, transport: 'popup' })
        window.hostTest.connector = connector
        document.getElementById('go')!.onclick = () => {
          window.hostTest.outcome = connector.connect()
        }
      }, origins.wallet)
      expect(await ask()).toEqual({
        accounts: { value: [] },
        chainId: { value: SEPOLIA }, // the network of a wallet on 127.0.0.1
        permissions: { value: [] },
      })
      let popups = 0
      page.on('popup', () => popups++)
      await page.click('#go') // the click may open it
      const { account } = (await page.evaluate(() => window.hostTest.outcome)) as { account: string[] }
      expect(await ask()).toEqual({
        accounts: { value: account },
        chainId: { value: SEPOLIA },
        permissions: { value: ['accounts'] },
      })
      expect(popups).toBe(1)
    } finally {
      await page.context().close()
    }
  })
})
