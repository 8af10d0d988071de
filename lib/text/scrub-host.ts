/**
 * Removes what a response must not tell about the host (issue 15): absolute filesystem paths
 * (POSIX /a/b, Windows C:\a\b, file:// URLs), URLs of upstream services, and IP addresses
 * with or without a port. Each becomes "…". For messages built from errors (index, embeddings
 * server, chat model) before they go into a response; logs keep the full text.
 */
const URL_RE = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()，。；]+/giu;
const WIN_PATH_RE = /\b[A-Za-z]:\\[^\s"'<>()，。；]*/gu;
const POSIX_PATH_RE = /(^|[\s"'(=:：（])\/(?:[^\s"'<>()/，。；:]+\/)+[^\s"'<>()，。；:]*/gu;
const IP_RE = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b|\[[0-9a-f:]+\](?::\d+)?/giu;

export function scrubHostDetails(message: string): string {
  return message
    .replace(URL_RE, "…")
    .replace(WIN_PATH_RE, "…")
    .replace(POSIX_PATH_RE, (_m, lead: string) => `${lead}…`)
    .replace(IP_RE, "…");
}
