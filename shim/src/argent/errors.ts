// The session refusal as invisible-sdk apps receive it: invisible-sdk rethrows starknetkit's
// `ConnectAndSignSessionError`, whose `code` is the wallet's (`NOT_ENOUGH_BALANCE`, `ACCOUNT_NOT_DEPLOYED`,
// `GENERIC_ERROR`...), not a registry code. The connector throws that shape already (our coded error as
// `cause`); this entry keeps it, except for the user's refusal, which the SDK makes USER_REJECTED.
export { ConnectAndSignSessionError, starknetkitSessionError } from '../connector/starknetkitErrors'
