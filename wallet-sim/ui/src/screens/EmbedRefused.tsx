// What an iframe embedded by a site outside the allow-list shows: it answers that site nothing.

export interface EmbedRefusedProps {
  /** The embedding origin that is not listed. */
  origin: string
}

/** @example <EmbedRefused origin="https://evil.example" /> */
export function EmbedRefused({ origin }: EmbedRefusedProps) {
  return (
    <main className="screen">
      <span className="brand">wallet-sim</span>
      <h1>This site may not embed the wallet</h1>
      <p className="warning" role="alert" aria-label="Embedding refused">
        {origin} is not one of the wallet's listed apps, so the wallet does not answer it here. Open the app
        from its own address, or ask it to use the wallet's popup.
      </p>
    </main>
  )
}
