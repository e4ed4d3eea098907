/**
 * Mask the password of every URL in a text, whatever the scheme (`mysql://u:pw@h`, `postgres://…`,
 * `redis://:pw@h`), and any `password=` query parameter (libpq and pg accept one). The user name and
 * host stay: they are what a person needs to see which URL is meant. Used wherever a URL can reach a
 * message: the config check, the database layer, the command line's error printer, the scheduler's log.
 */
export const PASSWORD_MASK = '****';

// scheme://  then the userinfo: up to the LAST '@' of the authority (a raw '@' in a password ends at
// the final one, as URL parsers read it); the authority stops at '/', '?', '#', whitespace or a quote.
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#"'<>@]*(?:@[^\s/?#"'<>@]*)*)@/gi;
const PASSWORD_PARAM = /([?&]password=)[^&#\s"'<>]*/gi;

export function maskUrlPasswords(text: string): string {
  return text
    .replace(USERINFO, (_all, scheme: string, userinfo: string) => {
      const colon = userinfo.indexOf(':');
      return colon < 0 ? `${scheme}${userinfo}@` : `${scheme}${userinfo.slice(0, colon)}:${PASSWORD_MASK}@`;
    })
    .replace(PASSWORD_PARAM, `$1${PASSWORD_MASK}`);
}
