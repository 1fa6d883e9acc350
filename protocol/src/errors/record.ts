/** Whether a value is a non-null object whose fields can be read (internal: not exported by the entry). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
