/** The tRPC operation kinds a Messenger carries (the tRPC JSON-RPC `method`). */
export type Procedure = 'query' | 'mutation' | 'subscription'

/** Request id on the wire: random per request so no other frame can guess a pending one. */
export type RequestId = string | number

/**
 * A tRPC JSON-RPC request, as both the tRPC ws adapter and trpc-browser (inside `{trpc: ...}`) read it.
 * `subscription.stop` ends a running subscription.
 */
export type RpcRequest =
  | { id: RequestId; jsonrpc: '2.0'; method: Procedure; params: { path: string; input: unknown } }
  | { id: RequestId; jsonrpc: '2.0'; method: 'subscription.stop' }

/** The error object a tRPC server serialises (`{code, message, data}`). */
export type RpcError = { code: number; message: string; data?: unknown }

/** tRPC's result object; subscriptions add `type` (started, data, stopped). */
export type RpcResult = { type?: 'started' | 'data' | 'stopped' | undefined; data?: unknown }

/** A tRPC JSON-RPC response: a result or an error. */
export type RpcResponse =
  | { id: RequestId | null; result: RpcResult }
  | { id: RequestId | null; error: RpcError }

/**
 * What a channel hands the core: a valid response, or the id of a reply to us that failed the schema
 * (the core rejects that request with 'Unable to transform response from server' instead of hanging).
 */
export type Incoming = RpcResponse | { id: RequestId; malformed: true }

/**
 * The raw way messages travel (window postMessage, WebSocket, memory). A Channel only moves validated
 * messages; id matching, timeouts and teardown live once, in `Messenger.create`.
 */
export type Channel = {
  /** Resolves once the other side can receive (popup handshake, socket open); may reject (load timeout). */
  ready(): Promise<void>
  /** Sends one request; called only after `ready()` resolved. */
  post(request: RpcRequest): void
  /**
   * Listens for responses that passed origin, source and schema checks, and for the channel ending
   * (`onClose` gets the coded error pending requests are rejected with). Returns the unsubscribe.
   */
  listen(onResponse: (response: Incoming) => void, onClose: (error: Error) => void): () => void
  /** Releases what the channel holds (listeners, sockets). */
  close(): void
}

/** Receives the results of one operation. */
export type Observer = {
  next(result: RpcResult): void
  error(error: Error): void
  complete(): void
}

/** What every transport looks like to the tRPC link: one operation in, results out, cancellable. */
export type Messenger = {
  /** Starts one operation; returns a function that cancels it (stopping a subscription). */
  send(operation: { type: Procedure; path: string; input: unknown }, observer: Observer): () => void
  /** Rejects every pending operation with `error` (e.g. the user closed the dialog); the messenger stays usable. */
  rejectAll(error: Error): void
  /** Rejects what is pending and releases the channel for good. */
  destroy(): void
}
