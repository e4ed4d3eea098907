/** Reading what the service said in an error body: its JSON message, or a short line from an HTML page. */

export interface ServiceMessage {
  message?: string;
  code?: string;
  param?: string;
}

const SNIPPET_CHARS = 200;

/** Turn an HTML error page (or any text) into one short readable line. */
export function textSnippet(body: string): string {
  const text = body
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '‹')
    .replace(/&gt;/g, '›')
    .replace(/&amp;/g, '&')
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** v2 `{errors:[{code,message,param}]}`; v1 `{error}`, `{message}`, `{detail}`, `{errors:[string|{message}]}`. */
export function parseServiceMessage(json: unknown): ServiceMessage {
  if (typeof json === 'string') return { message: json };
  if (typeof json !== 'object' || json === null) return {};
  const o = json as Record<string, unknown>;
  if (Array.isArray(o.errors) && o.errors.length > 0) {
    const parts: string[] = [];
    let code: string | undefined;
    let param: string | undefined;
    for (const e of o.errors) {
      if (typeof e === 'string') parts.push(e);
      else if (typeof e === 'object' && e !== null) {
        const item = e as Record<string, unknown>;
        code ??= str(item.code);
        param ??= str(item.param);
        const m = str(item.message) ?? str(item.detail);
        if (m) parts.push(str(item.param) ? `${m} (param ${String(item.param)})` : m);
      }
    }
    return { ...(parts.length ? { message: parts.join('; ') } : {}), ...(code ? { code } : {}), ...(param ? { param } : {}) };
  }
  const fromError = typeof o.error === 'object' && o.error !== null ? parseServiceMessage(o.error) : undefined;
  const message = str(o.error) ?? fromError?.message ?? str(o.message) ?? str(o.detail);
  const code = str(o.code) ?? fromError?.code;
  return { ...(message ? { message } : {}), ...(code ? { code } : {}) };
}

export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const base = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return base === 'application/json' || base.endsWith('+json');
}
