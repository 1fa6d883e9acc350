// Plain-HTTP clients of a running wallet-sim: JSON-RPC, the e-mail login and STRK balances.

/** GETs JSON; a non-2xx answer throws with its body. */
export async function get<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** POSTs JSON and reads JSON; a non-2xx answer throws with its body. */
export async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/**
 * One JSON-RPC call to `${url}/rpc`; an error answer throws `method: message`.
 * @example
 * const { tx_hash } = await rpc<{ tx_hash: string }>(url, 'devnet_mint', { address, amount: 1 })
 */
export async function rpc<T>(url: string, method: string, params: unknown): Promise<T> {
  const body = await post<{ result?: T; error?: { message: string } }>(`${url}/rpc`, {
    jsonrpc: '2.0',
    id: 1,
    method,
    params,
  })
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/** The STRK balance (FRI) of `address`. */
export async function strkBalance(url: string, address: string): Promise<bigint> {
  const { amount } = await rpc<{ amount: string }>(url, 'devnet_getAccountBalance', { address, unit: 'FRI' })
  return BigInt(amount)
}

/**
 * The whole e-mail login (start, the code from the dev inbox, verify); the user's account address.
 * @example
 * const address = await logIn(url, 'ann@example.com')
 */
export async function logIn(url: string, email: string): Promise<string> {
  await post(`${url}/login/start`, { email })
  const { code } = await get<{ code: string }>(`${url}/dev/inbox/${email}`)
  const { user } = await post<{ user: { address: string } }>(`${url}/login/verify`, { email, code })
  return user.address
}
