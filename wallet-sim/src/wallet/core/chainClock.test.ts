import { expect, it } from 'vitest'
import { chainClockFrom } from './chainClock'

it("moves the chain's time on by the seconds elapsed on the device since the answer, never back", () => {
  let elapsed = 5_000
  const clock = chainClockFrom(1_800_000_000, () => elapsed)
  expect(clock?.now()).toBe(1_800_000_000)
  elapsed += 61_900
  expect(clock?.now()).toBe(1_800_000_061)
  elapsed = 0
  expect(clock?.now()).toBe(1_800_000_000)
})

it('is no clock at all when the server gave no chain time (screens then show dates only)', () => {
  expect(chainClockFrom(undefined, () => 0)).toBeUndefined()
})
