// The SNIP-12 (revision 1) messages the suites have the wallet sign, Sepolia domain: one fixture each, not a
// copy per file.

/**
 * Typed data with a `Greeting { text }` message saying `text`.
 * @example const signature = await account.signMessage(greeting('gm'))
 */
export const greeting = (text: string) => ({
  types: {
    StarknetDomain: [
      { name: 'name', type: 'shortstring' },
      { name: 'version', type: 'shortstring' },
      { name: 'chainId', type: 'shortstring' },
      { name: 'revision', type: 'shortstring' },
    ],
    Greeting: [{ name: 'text', type: 'shortstring' }],
  },
  primaryType: 'Greeting',
  domain: { name: 'Demo', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
  message: { text },
})

/**
 * Typed data with a dapp's `Mail { to, contents }` message.
 * @example await page.evaluate((data) => window.dapp.signTypedData(data), mail('gm'))
 */
export const mail = (contents: string, to = '0x1234') => ({
  types: {
    StarknetDomain: [
      { name: 'name', type: 'shortstring' },
      { name: 'version', type: 'shortstring' },
      { name: 'chainId', type: 'shortstring' },
      { name: 'revision', type: 'shortstring' },
    ],
    Mail: [
      { name: 'to', type: 'ContractAddress' },
      { name: 'contents', type: 'shortstring' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Dapp', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
  message: { to, contents },
})
