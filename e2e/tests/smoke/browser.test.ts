import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'

test('the system Chromium starts headless and renders a page served on localhost', async () => {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html')
    res.end(
      '<!doctype html><title>ok</title><button id="b" onclick="this.textContent=\'clicked\'">click</button>',
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    await using browser = await launchBrowser()
    const page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    await page.click('#b')
    expect(await page.textContent('#b')).toBe('clicked')
  } finally {
    server.close()
  }
})
