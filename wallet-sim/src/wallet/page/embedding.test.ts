// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { checkEmbedding, readAllowedDapps } from './embedding'

const LIST = ['localhost', 'http://127.0.0.2:5173']

describe('readAllowedDapps', () => {
  it('reads the JSON block the server put in the page, and fails closed without a valid one', () => {
    const doc = (body: string) => {
      document.head.innerHTML = body
      return document
    }
    expect(
      readAllowedDapps(
        doc(`<script type="application/json" id="wallet-allowed-dapps">["localhost"]</script>`),
      ),
    ).toEqual(['localhost'])
    expect(readAllowedDapps(doc(''))).toEqual([])
    expect(
      readAllowedDapps(doc(`<script type="application/json" id="wallet-allowed-dapps">{"x":1}</script>`)),
    ).toEqual([])
    expect(
      readAllowedDapps(doc(`<script type="application/json" id="wallet-allowed-dapps">[1]</script>`)),
    ).toEqual([])
    expect(
      readAllowedDapps(doc(`<script type="application/json" id="wallet-allowed-dapps">[</script>`)),
    ).toEqual([])
  })
})

describe('checkEmbedding', () => {
  const self = {}
  const framedBy = (ancestorOrigins?: string[]) => ({ opener: null, parent: {}, self, ancestorOrigins })

  it('an iframe refuses an embedder that is not listed, by its ancestors or else by its referrer', () => {
    expect(checkEmbedding(framedBy(['http://127.0.0.1:9000']), '', LIST).refusedEmbedder).toBe(
      'http://127.0.0.1:9000',
    )
    expect(checkEmbedding(framedBy(), 'http://evil.example/page', LIST).refusedEmbedder).toBe(
      'http://evil.example',
    )
    // A listed parent inside a foreign top page: every ancestor must be listed, as frame-ancestors demands.
    expect(
      checkEmbedding(framedBy(['http://localhost:3000', 'http://evil.example']), '', LIST).refusedEmbedder,
    ).toBe('http://evil.example')
    expect(checkEmbedding(framedBy(['null']), '', LIST).refusedEmbedder).toBe('null')
  })

  it('an iframe of listed embedders, or with nothing known yet, refuses nobody up front', () => {
    const listed = checkEmbedding(framedBy(['http://localhost:3000']), 'http://localhost:3000/', LIST)
    expect(listed).toMatchObject({ framed: true, refusedEmbedder: undefined })
    expect(checkEmbedding(framedBy(), '', LIST).refusedEmbedder).toBeUndefined()
    expect(listed.isListed('http://127.0.0.2:5173')).toBe(true)
    expect(listed.isListed('http://127.0.0.2:5174')).toBe(false)
  })

  it('a popup or a top-level page is not framed and refuses nobody', () => {
    const popup = checkEmbedding({ opener: {}, parent: self, self }, 'http://evil.example/', LIST)
    expect(popup).toMatchObject({ framed: false, refusedEmbedder: undefined })
    expect(popup.isListed('http://evil.example')).toBe(false)
    expect(checkEmbedding({ opener: null, parent: self, self }, '', LIST).framed).toBe(false)
  })
})
