/** What checks a reply: a zod schema of @veil/contracts, or anything with the same `safeParse`. */
export interface ReplyParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** For calls whose reply body carries nothing the app uses (any JSON is accepted). */
export const anyReply: ReplyParser<unknown> = { safeParse: (data) => ({ success: true, data }) };
