// Global setup of the devnet project: fail the whole project at once, with how to install, when the binary
// is missing (rather than one "not found" per test).
import { devnetMissing, findDevnet } from '../support/devnet.ts'

export default function setup() {
  const binary = findDevnet()
  if (!binary) throw devnetMissing()
  console.log(`devnet: ${binary}`)
}
