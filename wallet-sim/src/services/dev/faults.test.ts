import fc from 'fast-check'
import { expect, it } from 'vitest'
import { createFaultRegistry, routeMatcher } from './faults'

const segment = fc.stringMatching(/^[a-z0-9_-]{1,8}$/)

it('matches a route against paths on whole segments', () => {
  expect(routeMatcher('/paymaster/v1')('/paymaster/v1/execute')).toBe(true)
  expect(routeMatcher('/paymaster/v1')('/paymaster/v10')).toBe(false)
  expect(routeMatcher('/v1/tokens/info/*')('/v1/tokens/info/0x12')).toBe(true)
  expect(routeMatcher('/v1/tokens/info/*')('/v1/tokens/info')).toBe(false)
  fc.assert(
    fc.property(fc.array(segment, { minLength: 1 }), fc.array(segment), (route, rest) => {
      const path = `/${[...route, ...rest].join('/')}`
      expect(routeMatcher(`/${route.join('/')}`)(path)).toBe(true)
      expect(routeMatcher(`/${route.map(() => '*').join('/')}`)(path)).toBe(true)
      expect(routeMatcher(`/${route.join('/')}x`)(path)).toBe(false)
    }),
  )
})

it('uses faults oldest first, per method, each for its count', () => {
  const faults = createFaultRegistry()
  faults.add({ route: '/a', method: 'POST', count: 1, status: 500 })
  faults.add({ route: '/a', count: 2, status: 503 })
  expect(faults.take('GET', '/a')?.status).toBe(503)
  expect(faults.take('POST', '/a')?.status).toBe(500)
  expect(faults.take('POST', '/a/b')?.status).toBe(503)
  expect(faults.take('POST', '/a')).toBeUndefined()
  expect(faults.list()).toEqual([])
})
