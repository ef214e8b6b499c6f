import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app';
import { bearer, tokenFor, type DemoAccount } from '../test/harness';
import { useTestApp } from '../test/use-app';
import { writeBlst, type BlastHole } from './blst';
import { DATA_PREFIX } from './register';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Answer<T = unknown> {
  status: number;
  /** The parsed envelope (JSON answers). */
  body: {
    success: boolean;
    errors?: Record<string, { message: string; errorCode: string }> | null;
    message?: string;
    data: T;
  };
  data: T;
  res: LightMyRequestResponse;
}

/**
 * A data test file's app (useTestApp) and its client: `call` answers once the app has started.
 */
export function dataTestApp() {
  const app = useTestApp();
  let client: ReturnType<typeof dataClient> | undefined;
  const call: ReturnType<typeof dataClient> = (...args) => {
    client ??= dataClient(app());
    return client(...args);
  };
  return {
    get app() {
      return app();
    },
    call,
  };
}

/** Calls the data service as a demo account (null: anonymous), caching one token per account. */
export function dataClient(app: App) {
  const tokens = new Map<DemoAccount, Promise<string>>();
  const tokenOf = (who: DemoAccount) => {
    let t = tokens.get(who);
    if (!t) {
      t = tokenFor(app, who);
      tokens.set(who, t);
    }
    return t;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
  return async function call<T = any>(
    who: DemoAccount | null,
    method: Method,
    url: string,
    payload?: unknown,
  ): Promise<Answer<T>> {
    const headers = who ? bearer(await tokenOf(who)) : {};
    const res = await app.inject({
      method,
      url: `${DATA_PREFIX}${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const isJson = (res.headers['content-type'] ?? '').toString().includes('json');
    const body = isJson ? (res.json() as Answer<T>['body']) : ({} as Answer<T>['body']);
    return { status: res.statusCode, body, data: body.data, res };
  };
}

/** A .blst file of rows × cols holes on a 4 m × 5 m grid from (x0, y0). */
export function makeBlst(rows: number, cols: number, x0 = 100, y0 = 200, name = 'Test Blast') {
  const holes: BlastHole[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      holes.push({
        id: `T${r * cols + c + 1}`,
        x: x0 + c * 5,
        y: y0 + r * 4,
        z: 300,
        depth: 10 + r,
        charge: 50 + c,
      });
    }
  }
  return { text: writeBlst({ name, units: 'm' }, holes), holes };
}

export const b64 = (text: string | Buffer) =>
  (typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64');
