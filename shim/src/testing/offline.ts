// The shim's unit tests run offline: a fetch to anything but this machine fails at once, as on a machine
// without a network, whatever the machine has. Tests that leave the default fetch in place (the SDK's chain
// check asks the public nodes of `sepolia`) thus never reach api.zan.top or free-rpc.nethermind.io, nor wait
// on a DNS answer; tests that talk to a server of their own on 127.0.0.1 or localhost are untouched.
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])
const networkFetch = globalThis.fetch

/** `fetch` for loopback URLs only; any other host is refused with the TypeError a failed fetch throws. */
const offlineFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  if (!LOOPBACK.has(url.hostname))
    return Promise.reject(new TypeError(`fetch failed: ${url.host} (the shim's unit tests are offline)`))
  return networkFetch(input, init)
}

// Set before each test file is imported: a module that keeps `globalThis.fetch` at import keeps this one.
globalThis.fetch = offlineFetch
