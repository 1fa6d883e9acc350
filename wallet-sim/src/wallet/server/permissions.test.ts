import { expect, it, vi } from 'vitest'
import { createPermissions } from './permissions'

it('grants and revokes per user and origin, reports changes, and restores from a snapshot', () => {
  const permissions = createPermissions()
  const listener = vi.fn()
  permissions.onChange(listener)
  permissions.grant('ann@example.com', 'https://a.example')
  permissions.grant('ann@example.com', 'https://a.example')
  expect(listener).toHaveBeenCalledTimes(1)
  expect(permissions.has('ann@example.com', 'https://a.example')).toBe(true)
  expect(permissions.has('bob@example.com', 'https://a.example')).toBe(false)
  expect(permissions.has('ann@example.com', 'https://b.example')).toBe(false)
  const restored = createPermissions(JSON.parse(JSON.stringify(permissions.snapshot())))
  expect(restored.has('ann@example.com', 'https://a.example')).toBe(true)
  permissions.revoke('ann@example.com', 'https://a.example')
  expect(permissions.has('ann@example.com', 'https://a.example')).toBe(false)
  expect(restored.has('ann@example.com', 'https://a.example')).toBe(true)
  expect(listener).toHaveBeenLastCalledWith({ 'ann@example.com': [] })
  expect(() => createPermissions({ 'ann@example.com': 'not a list' })).toThrow()
})
