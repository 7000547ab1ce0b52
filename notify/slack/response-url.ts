// Where the server may POST a reply to a click in Slack: the interaction's `response_url`, and only
// when it lies on Slack's own host over HTTPS. A signed payload naming any other address (a leaked
// signing secret, a test double gone wrong) gets no request from the server (docs/api.md, Slack).

/** The only origin a `response_url` may have in production. */
export const SLACK_RESPONSE_ORIGIN = 'https://hooks.slack.com';

/** True when `url` is on `origin` (scheme, host and port alike); anything unparsable is not. */
export function isSlackResponseUrl(url: string, origin: string = SLACK_RESPONSE_ORIGIN): boolean {
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(origin).origin && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}
