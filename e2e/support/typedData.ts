// The SNIP-12 (revision 1) greeting the journeys have the wallet sign: one shortstring field, Sepolia domain.

/** Typed data with a `Greeting { text }` message saying `text`. */
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
