// What the demo's tasks say, in the user's words: while each runs (the busy banner) and when it is done (the
// toast; the panel that owns the task shows the details).

/** What a running task is doing, and how long it may take. */
export const BUSY_TEXT: Record<string, string> = {
  connect: 'Waiting for you in the wallet…',
  disconnect: 'Disconnecting…',
  revoke: 'Revoking the session at the cosigner…',
  logout: 'Logging out of the wallet…',
  status: 'Checking the session against the chain…',
  increase: 'Calling your contract with the session key and waiting for the block…',
  increment:
    'Sending with the session key and waiting for the block (a few seconds; a first call also deploys the account)…',
  approve: 'Sending the call…',
  'sign message': 'Waiting for your signature in the wallet…',
  'wallet transaction': 'Waiting for you to confirm in the wallet, then for the block…',
  portfolio:
    'Loading the portfolio. A new account is indexed once by the backend: this first load can take a few seconds…',
  'register name': 'Registering the name on chain (deploys the account first if needed)…',
  'sample positions': "Setting up wallet-sim's sample DeFi positions and airdrops for this account…",
}

/** What a finished task did. */
export const DONE_TEXT: Record<string, string> = {
  connect: 'Session signed: calls within it need no prompt.',
  disconnect: 'Disconnected: this app forgot the session. The wallet is still logged in.',
  revoke: 'Session revoked: its key can sign nothing more, wherever a copy of it is.',
  logout: 'Logged out of the wallet: the next sign-in asks for your e-mail again.',
  status: 'The node answers: the session status is up to date.',
  increase: 'Your contract was called.',
  increment: 'Done: the counter went up.',
  approve: 'The call went through.',
  'sign message': 'Message signed: the signature is under the buttons.',
  'wallet transaction': 'The wallet sent the transaction.',
  portfolio: 'Portfolio loaded.',
  'register name': 'Name registered.',
  'sample positions': 'Sample positions and an airdrop added.',
}

export const CANCELLED_TEXT = 'Cancelled in the wallet: nothing was signed or sent.'
export const WALLET_CHANGED_TEXT =
  "The wallet logged out or switched account: this app forgot that account's session. Log in and sign a new one."
