/**
 * Mask the password of every URL in a text, whatever the scheme (`mysql://u:pw@h`, `postgres://…`,
 * `redis://:pw@h`), and any `password=` query parameter (libpq and pg accept one). The user name and
 * host stay: they are what a person needs to see which URL is meant. Used wherever a URL can reach a
 * message: the config check, the database layer, the command line's error printer, the scheduler's log.
 */
export const PASSWORD_MASK = '****';

const SCHEME = /\b[a-z][a-z0-9+.-]*:\/\//gi;
const PASSWORD_PARAM = /([?&]password=)[^&#\s"'<>]*/gi;
/**
 * What may follow the userinfo's closing `@`: a host (name, IPv4, or [IPv6]) and an optional port, then
 * the end of the URL. A host never holds whitespace, a quote, `/`, `?`, `#` or `@`; a password may hold
 * any of them (written unencoded, as people do), so the userinfo runs to the LAST `@` that is followed
 * by such a host, not to the first `/`, `?`, `#` or space.
 */
const HOST_AFTER_AT = /^@(?:\[[0-9a-f:.]*\]|[^\s/?#"'<>@:]*)(?::\d*)?(?=$|[\s/?#"'<>,;)\]])/i;

/** The userinfo of one URL whose `scheme://` ends at `start`, masked; `end` bounds its search (line end or next URL). */
function maskOne(text: string, start: number, end: number): string {
  const segment = text.slice(start, end);
  let at = -1;
  for (let i = segment.lastIndexOf('@'); i >= 0; i = i === 0 ? -1 : segment.lastIndexOf('@', i - 1)) {
    if (HOST_AFTER_AT.test(segment.slice(i))) {
      at = i;
      break;
    }
  }
  if (at < 0) return segment;
  const userinfo = segment.slice(0, at);
  const colon = userinfo.indexOf(':');
  if (colon < 0) return segment;
  return `${userinfo.slice(0, colon)}:${PASSWORD_MASK}${segment.slice(at)}`;
}

export function maskUrlPasswords(text: string): string {
  const urls = [...text.matchAll(SCHEME)];
  let out = text.slice(0, urls[0]?.index ?? text.length);
  urls.forEach((m, k) => {
    const body = m.index + m[0].length;
    const next = urls[k + 1]?.index ?? text.length;
    // A URL's userinfo ends on its own line, before the next URL's scheme.
    const newline = text.indexOf('\n', body);
    const end = newline >= 0 && newline < next ? newline : next;
    out += m[0] + maskOne(text, body, end) + text.slice(end, next);
  });
  return out.replace(PASSWORD_PARAM, `$1${PASSWORD_MASK}`);
}
