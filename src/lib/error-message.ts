// One way to turn a failed call into words for the console. The server's messages are written for
// people (docs/product.md §8), so they are shown as they come; only their framing differs by screen.
import { TRPCClientError } from '@trpc/client';

/** The HTTP status the server answered with; undefined when the call never got an answer. */
export function httpStatusOf(err: unknown): number | undefined {
  if (!(err instanceof TRPCClientError)) return undefined;
  return (err.data as { httpStatus?: number } | null | undefined)?.httpStatus;
}

/**
 * The text for a failed call: its message, after `prefix` when given ("Error deleting customer: ..."),
 * or `fallback` when the failure carried no message at all. With `{ unanswered }` the prefix frames only
 * a call the server never answered (a network failure); the server's own refusal reads as it came.
 */
export function errorMessage(err: unknown, fallback: string, prefix?: string | { unanswered: string }): string {
  const message = err instanceof Error ? err.message : '';
  if (!message) return fallback;
  const frame = typeof prefix === 'object' ? (httpStatusOf(err) ? undefined : prefix.unanswered) : prefix;
  return frame ? `${frame}: ${message}` : message;
}

/** The server's own explanation when it refused the request (a 4xx, e.g. 409 "already claimed by Stef"). */
export function refusalReason(err: unknown): string | undefined {
  const status = httpStatusOf(err);
  return status && status >= 400 && status < 500 ? (err as Error).message : undefined;
}
