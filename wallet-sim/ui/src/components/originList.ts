// Which requesting origins are on the wallet's dapp allow-list, for the screens: an unlisted one (a popup
// opened by any site) is marked as such on every prompt. Unlisted unless told otherwise.
import { createContext, useContext } from 'react'

export const OriginListContext = createContext<(origin: string) => boolean>(() => false)

/** @example const listed = useIsListed()(origin) */
export const useIsListed = () => useContext(OriginListContext)
