/** The tRPC operation types a Messenger carries (the `method` of tRPC's wire message). */
export type OperationType = 'query' | 'mutation' | 'subscription'

/** Request id on the wire: random per request so no other frame can guess a pending one. */
export type RequestId = string | number

/**
 * tRPC's wire request (JSON-RPC 2.0 framing), as tRPC's ws adapter and trpc-browser (inside `{trpc: ...}`)
 * read it. `subscription.stop` ends a running subscription.
 */
export type TrpcRequest =
  | { id: RequestId; jsonrpc: '2.0'; method: OperationType; params: { path: string; input: unknown } }
  | { id: RequestId; jsonrpc: '2.0'; method: 'subscription.stop' }

/** The error object a tRPC server serialises (`{code, message, data}`). */
export type TrpcError = { code: number; message: string; data?: unknown }

/** tRPC's result object; subscriptions add `type` (started, data, stopped). */
export type TrpcResult = { type?: 'started' | 'data' | 'stopped' | undefined; data?: unknown }

/** tRPC's wire response: a result or an error. */
export type TrpcResponse =
  | { id: RequestId | null; result: TrpcResult }
  | { id: RequestId | null; error: TrpcError }

/**
 * What a channel hands the core: a valid response, or the id of a reply to us that failed the schema
 * (the core rejects that request with 'Unable to transform response from server' instead of hanging).
 */
export type Incoming = TrpcResponse | { id: RequestId; malformed: true }

/**
 * The raw way messages travel (window postMessage, WebSocket, memory). A Channel only moves validated
 * messages; id matching, timeouts and teardown live once, in `Messenger.create`.
 */
export type Channel = {
  /** Resolves once the other side can receive (popup handshake, socket open); may reject (load timeout). */
  ready(): Promise<void>
  /** Sends one request; called only after `ready()` resolved. */
  post(request: TrpcRequest): void
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
  next(result: TrpcResult): void
  error(error: Error): void
  complete(): void
}

/** What every channel looks like to the tRPC link: one operation in, results out, cancellable. */
export type Messenger = {
  /** Starts one operation; returns a function that cancels it (stopping a subscription). */
  send(operation: { type: OperationType; path: string; input: unknown }, observer: Observer): () => void
  /** Rejects every pending operation with `error` (e.g. the user closed the dialog); the messenger stays usable. */
  rejectAll(error: Error): void
  /** Rejects what is pending and releases the channel for good. */
  destroy(): void
}

/** @deprecated Renamed {@link TrpcRequest} ("RPC" names Starknet's node API only). */
export type RpcRequest = TrpcRequest
/** @deprecated Renamed {@link TrpcResponse} ("RPC" names Starknet's node API only). */
export type RpcResponse = TrpcResponse
