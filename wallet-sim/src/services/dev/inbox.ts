/** One e-mail the simulator "sent" (it never leaves the process). */
export interface Mail {
  to: string
  subject: string
  text: string
  /** The one-time login code the mail carries, when it carries one. */
  code?: string
  /** Milliseconds since the epoch. */
  sentAt: number
}

/** Where services deliver mail; the dev API reads it back. */
export interface Inbox {
  deliver(mail: Omit<Mail, 'sentAt'>): Mail
  all(): Mail[]
  /** The latest mail to `email` (case-insensitive), if any. */
  latest(email: string): Mail | undefined
}

/**
 * An in-memory inbox keeping the last `limit` mails.
 *
 * @example
 * const inbox = createInbox()
 * inbox.deliver({ to: 'a@b.c', subject: 'Your code', text: 'Code: 123456', code: '123456' })
 * inbox.latest('A@b.c')?.code // '123456'
 */
export function createInbox(options: { now?: () => number; limit?: number } = {}): Inbox {
  const now = options.now ?? Date.now
  const limit = options.limit ?? 1000
  const mails: Mail[] = []
  return {
    deliver(mail) {
      const sent: Mail = { ...mail, to: mail.to.toLowerCase(), sentAt: now() }
      mails.push(sent)
      if (mails.length > limit) mails.splice(0, mails.length - limit)
      return sent
    },
    all: () => [...mails],
    latest(email) {
      const to = email.toLowerCase()
      return mails.findLast((mail) => mail.to === to)
    },
  }
}
