// A request page opened with no request (a bookmark, a reload after the app went away, the iframe page
// opened on its own): say there is nothing to do here, rather than showing the home page or a blank page.

export interface IdleProps {
  kind: 'review' | 'signMessage' | 'signSessionKeys' | 'comms'
}

const TEXT: Record<IdleProps['kind'], { title: string; body: string }> = {
  review: {
    title: 'Nothing to review',
    body: 'No app is asking you to confirm a transaction right now. Requests open here when an app sends one.',
  },
  signMessage: {
    title: 'Nothing to sign',
    body: 'No app is asking you to sign a message right now. Requests open here when an app sends one.',
  },
  signSessionKeys: {
    title: 'No session to approve',
    body: 'No app is asking you to start a session right now. Requests open here when an app sends one.',
  },
  comms: {
    title: 'This page works inside an app',
    body: 'The wallet opens this page in a frame of the app you use. On its own it has nothing to show.',
  },
}

/** @example <Idle kind="review" /> */
export function Idle({ kind }: IdleProps) {
  const { title, body } = TEXT[kind]
  return (
    <main className="screen idle-screen">
      <span className="brand" aria-hidden="true">
        wallet-sim
      </span>
      <h1>{title}</h1>
      <p className="note">{body}</p>
      <a className="button secondary" href="/">
        Open your wallet
      </a>
    </main>
  )
}
