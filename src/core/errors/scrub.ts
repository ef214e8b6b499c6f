/**
 * Removes secrets from error events before they leave the browser: tokens, authorization
 * codes, OIDC state and organisations' customData — in object keys (any case or separator),
 * in URLs' query and hash (also URL-encoded inside another URL), inside JSON text, in Error
 * objects, and in free text (JWTs, 'Bearer …').
 */
export const FILTERED = '[Filtered]';

/** Nesting kept in objects; deeper values become '[Truncated]'. */
const MAX_DEPTH = 20;
/** A string longer than this is not parsed as JSON (it is still scrubbed as text). */
const MAX_JSON_LENGTH = 100_000;

/** Key names compared without case or separators: X-Access-Token → xaccesstoken. */
const SECRET_KEYS = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'code',
  'authcode',
  'authorizationcode',
  'codeverifier',
  'state',
  'sessionstate',
  'clientsecret',
  'secret',
  'password',
  'customdata',
  'apikey',
]);

function normaliseKey(key: string): string {
  return key
    .replace(/%(?:25)*(?:5F|2D|2E)/gi, '_')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** access_token, accessToken, X-Access-Token, refresh_token, id_token_hint, token, … */
export function isSecretKey(key: string): boolean {
  const k = normaliseKey(key);
  return SECRET_KEYS.has(k) || k.includes('token') || k.includes('password');
}

/**
 * Three base64url segments whose first holds 'eyJ…' (base64 of '{"'), even glued to other
 * text (%20eyJ…): maximal runs are matched, so the scan stays linear, then cut at 'ey'.
 */
const JWT_RUN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g;

function replaceJwt(run: string): string {
  const dot = run.indexOf('.');
  const at = run.indexOf('ey');
  return at >= 0 && dot - at >= 10 ? run.slice(0, at) + FILTERED : run;
}
const BEARER = /\b(Bearer)(\s+|%20|\+)[A-Za-z0-9._~+/-]+=*/gi;

/**
 * name=value in a query, hash, cookie or text, where the separators may be URL-encoded any
 * number of times (a URL inside returnUrl inside another URL): ?code=…, %3Fcode%3D…,
 * %253Fcode%253D…
 */
const PARAM =
  /(^|[?#&;,\s"'(]|%(?:25)*(?:3F|26|23|20))((?:[A-Za-z0-9_.-]|%(?:25)*(?:5F|2D|2E))+)(=|%(?:25)*3D)/gi;
/** Where a parameter's value ends: a separator, literal or encoded. */
const PARAM_END = /[&#\s"'<>;]|%(?:25)*(?:26|23|20|22)/g;

function scrubParams(text: string): string {
  let out = '';
  let from = 0;
  PARAM.lastIndex = 0;
  for (let m = PARAM.exec(text); m; m = PARAM.exec(text)) {
    if (!isSecretKey(m[2] ?? '')) continue;
    const start = m.index + m[0].length;
    PARAM_END.lastIndex = start;
    const end = PARAM_END.exec(text)?.index ?? text.length;
    out += text.slice(from, start) + FILTERED;
    from = end;
    PARAM.lastIndex = end;
  }
  return out + text.slice(from);
}

/** "name": value in JSON text inside a longer string (also with escaped quotes: \"name\"). */
const JSON_KEY = /(\\{0,8})"([^"\\]{1,100})\1"\s*:\s*/g;

/** The end of the JSON value that starts at `start` (approximate; bounded by the text). */
function jsonValueEnd(text: string, start: number, escapes: string): number {
  const close = `${escapes}"`;
  if (text.startsWith(close, start)) {
    // A string: up to the next quote not escaped once more than the key's quotes.
    for (let at = text.indexOf(close, start + close.length); at >= 0;) {
      if (text[at - 1] !== '\\') return at + close.length;
      at = text.indexOf(close, at + 1);
    }
    return text.length;
  }
  const open = text[start];
  if (open === '{' || open === '[') {
    let level = 0;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (c === '{' || c === '[') level++;
      else if (c === '}' || c === ']') {
        level--;
        if (level === 0) return i + 1;
      }
    }
    return text.length;
  }
  const rest = /[,}\]\s]/g;
  rest.lastIndex = start;
  return rest.exec(text)?.index ?? text.length;
}

function scrubJsonKeys(text: string): string {
  if (!text.includes('"')) return text;
  let out = '';
  let from = 0;
  JSON_KEY.lastIndex = 0;
  for (let m = JSON_KEY.exec(text); m; m = JSON_KEY.exec(text)) {
    if (!isSecretKey(m[2] ?? '')) continue;
    const escapes = m[1] ?? '';
    const start = m.index + m[0].length;
    const end = jsonValueEnd(text, start, escapes);
    out += `${text.slice(from, start)}${escapes}"${FILTERED}${escapes}"`;
    from = end;
    JSON_KEY.lastIndex = end;
  }
  return out + text.slice(from);
}

function looksLikeJson(value: string): boolean {
  if (value.length > MAX_JSON_LENGTH) return false;
  const t = value.trim();
  return (t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'));
}

export function scrubString(value: string, depth = 0): string {
  if (depth <= MAX_DEPTH && looksLikeJson(value)) {
    let parsed: unknown;
    let ok = false;
    try {
      parsed = JSON.parse(value);
      ok = true;
    } catch {
      // Not JSON after all: scrubbed as text below.
    }
    if (ok) return JSON.stringify(scrubValue(parsed, depth + 1));
  }
  return scrubJsonKeys(scrubParams(value))
    .replace(JWT_RUN, replaceJwt)
    .replace(BEARER, `$1$2${FILTERED}`);
}

function isError(value: object): value is Error {
  return value instanceof Error || Object.prototype.toString.call(value) === '[object Error]';
}

/** A copy of an Error (same prototype) with message, stack, cause and own props scrubbed. */
function scrubError(error: Error, depth: number, seen: WeakSet<object>): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object | null) as Error;
  for (const key of Object.getOwnPropertyNames(error)) {
    const desc = Object.getOwnPropertyDescriptor(error, key);
    if (!desc) continue;
    let item: unknown;
    try {
      item = 'value' in desc ? desc.value : (error as unknown as Record<string, unknown>)[key];
    } catch {
      continue;
    }
    Object.defineProperty(copy, key, {
      value: isSecretKey(key) ? FILTERED : scrubValue(item, depth + 1, seen),
      enumerable: desc.enumerable ?? false,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** A deep copy of value with secrets replaced; cycles and very deep nesting are cut. */
export function scrubValue<T>(value: T, depth = 0, seen = new WeakSet<object>()): T {
  if (typeof value === 'string') return scrubString(value, depth) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH || seen.has(value)) return '[Truncated]' as T;
  seen.add(value);
  if (Array.isArray(value)) {
    return value.map((item: unknown) => scrubValue(item, depth + 1, seen)) as T;
  }
  if (isError(value)) return scrubError(value, depth, seen) as T;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    // Dates, class instances: keep them; Sentry serialises them itself.
    return value;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSecretKey(key) ? FILTERED : scrubValue(item, depth + 1, seen);
  }
  return out as T;
}
