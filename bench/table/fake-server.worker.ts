/**
 * A fake list server for the benchmark's server mode, in a worker so that its work never runs on
 * the page's thread: a million generated licences held as small numbers (data.ts rowParts),
 * filtered, sorted and paged per request, answered after a fixed latency (as a server with its
 * indexes would: issue 16 asks p99 ≤ 25 ms of the list endpoint) or later when the work took
 * longer. Not a server: just enough of one to measure the table.
 *
 * Supported: search (customer or product), text filters on customer, product and owner, number
 * filter on seats, date ranges on issued and expires, sort by customer, product, seats, issued,
 * expires. Anything else is ignored.
 */
import type { FilterValue, ListParams, ListQuery } from '@/core/data-table';
import { formatUser } from '@/core/format/format';
import {
  BASE_DAY,
  customerName,
  first,
  last,
  makeRow,
  products,
  rowParts,
  SUFFIXES,
  words,
} from './data';

type Request =
  | { id: number; kind: 'init'; rows: number; latencyMs: number }
  | { id: number; kind: 'page'; params: ListParams }
  | { id: number; kind: 'batch'; query: ListQuery; offset: number; limit: number };

let count = 0;
let latencyMs = 25;
let wordA = new Uint8Array(0);
let wordB = new Uint8Array(0);
let product = new Uint8Array(0);
let seats = new Uint16Array(0);
let issuedDay = new Uint16Array(0);
let expiresDay = new Uint16Array(0);
let owner = new Uint8Array(0);
/** Each row's customer name as one number (a, b, suffix). */
let customerKeys = new Uint16Array(0);
const orders = new Map<string, Int32Array>();

const rank = (names: readonly string[]) => {
  const sorted = [...names].map((name, index) => ({ name: name.toLowerCase(), index }));
  sorted.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const ranks = new Int32Array(names.length);
  sorted.forEach((entry, position) => (ranks[entry.index] = position));
  return ranks;
};
const wordRank = rank(words);
const productRank = rank(products);
const suffixRank = rank(Array.from({ length: SUFFIXES }, (_, i) => String(i)));
const CUSTOMER_KEYS = words.length * words.length * SUFFIXES;

function init(rows: number) {
  count = rows;
  wordA = new Uint8Array(rows);
  wordB = new Uint8Array(rows);
  product = new Uint8Array(rows);
  seats = new Uint16Array(rows);
  issuedDay = new Uint16Array(rows);
  expiresDay = new Uint16Array(rows);
  owner = new Uint8Array(rows);
  customerKeys = new Uint16Array(rows);
  for (let i = 0; i < rows; i++) {
    const p = rowParts(i);
    wordA[i] = p.wordA;
    wordB[i] = p.wordB;
    product[i] = p.product;
    seats[i] = p.seats;
    issuedDay[i] = p.issuedDay;
    expiresDay[i] = p.issuedDay + p.lengthDays;
    owner[i] = p.first * last.length + p.last;
    customerKeys[i] = (p.wordA * words.length + p.wordB) * SUFFIXES + (i % SUFFIXES);
  }
  orders.clear();
}

/** A stable counting sort by a small whole-number key (ties in row order). */
function orderBy(keyOf: (i: number) => number, buckets: number, desc: boolean): Int32Array {
  const bucketOf = (i: number) => (desc ? buckets - 1 - keyOf(i) : keyOf(i));
  const starts = new Int32Array(buckets + 1);
  for (let i = 0; i < count; i++) starts[bucketOf(i) + 1] = (starts[bucketOf(i) + 1] as number) + 1;
  for (let b = 1; b <= buckets; b++) starts[b] = (starts[b] as number) + (starts[b - 1] as number);
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const b = bucketOf(i);
    out[starts[b] as number] = i;
    starts[b] = (starts[b] as number) + 1;
  }
  return out;
}

function order(sort: ListQuery['sort']): Int32Array | null {
  if (!sort) return null;
  const name = `${sort.id}:${sort.desc}`;
  let cached = orders.get(name);
  if (cached) return cached;
  const keys: Record<string, [(i: number) => number, number]> = {
    customer: [
      (i) =>
        ((wordRank[wordA[i] as number] as number) * words.length +
          (wordRank[wordB[i] as number] as number)) *
          SUFFIXES +
        (suffixRank[i % SUFFIXES] as number),
      CUSTOMER_KEYS,
    ],
    product: [(i) => productRank[product[i] as number] as number, products.length],
    seats: [(i) => seats[i] as number, 501],
    issued: [(i) => issuedDay[i] as number, 900],
    expires: [(i) => expiresDay[i] as number, 1600],
  };
  const key = keys[sort.id];
  if (!key) return null;
  cached = orderBy(key[0], key[1], sort.desc);
  orders.set(name, cached);
  return cached;
}

const dayOf = (ymd: string | undefined, fallback: number) =>
  ymd ? Math.floor((Date.parse(`${ymd}T00:00:00Z`) - BASE_DAY) / 86_400_000) : fallback;

const customerTable = (needle: string) => {
  const table = new Uint8Array(CUSTOMER_KEYS);
  for (let a = 0; a < words.length; a++)
    for (let b = 0; b < words.length; b++)
      for (let s = 0; s < SUFFIXES; s++)
        table[(a * words.length + b) * SUFFIXES + s] = customerName(a, b, s)
          .toLowerCase()
          .includes(needle)
          ? 1
          : 0;
  return table;
};
const productTable = (needle: string) =>
  Uint8Array.from(products, (name) => (name.toLowerCase().includes(needle) ? 1 : 0));
const ownerTable = (needle: string) => {
  const table = new Uint8Array(first.length * last.length);
  first.forEach((firstName, f) =>
    last.forEach((lastName, l) => {
      const email = `${firstName || 'pending'}.${lastName}@example.com`;
      const text = formatUser({ firstName, lastName, email }).toLowerCase();
      table[f * last.length + l] = text.includes(needle) ? 1 : 0;
    }),
  );
  return table;
};

/** Keeps row i where its code's entry in the table is 1 (tight loops: a million rows each). */
function keepByTable(mask: Uint8Array, codes: ArrayLike<number>, table: Uint8Array) {
  for (let i = 0; i < count; i++) if (mask[i] === 1 && table[codes[i] as number] !== 1) mask[i] = 0;
}
function keepInRange(mask: Uint8Array, values: ArrayLike<number>, min: number, max: number) {
  for (let i = 0; i < count; i++) {
    const v = values[i] as number;
    if (mask[i] === 1 && (v < min || v > max)) mask[i] = 0;
  }
}

/** 1 for each row matching the query; null when every row does. */
function matchMask(query: ListQuery): Uint8Array | null {
  const filters = Object.entries(query.filters) as Array<[string, FilterValue]>;
  if (!query.search && filters.length === 0) return null;
  const mask = new Uint8Array(count).fill(1);
  const search = query.search.toLowerCase();
  if (search) {
    const c = customerTable(search);
    const p = productTable(search);
    for (let i = 0; i < count; i++) {
      if (c[customerKeys[i] as number] !== 1 && p[product[i] as number] !== 1) mask[i] = 0;
    }
  }
  for (const [id, filter] of filters) {
    if (filter.kind === 'text') {
      const needle = filter.text.toLowerCase();
      if (id === 'customer') keepByTable(mask, customerKeys, customerTable(needle));
      else if (id === 'product') keepByTable(mask, product, productTable(needle));
      else if (id === 'owner') keepByTable(mask, owner, ownerTable(needle));
    } else if (filter.kind === 'number' && id === 'seats') {
      keepInRange(mask, seats, filter.min ?? -Infinity, filter.max ?? Infinity);
    } else if (filter.kind === 'date' && (id === 'issued' || id === 'expires')) {
      const days = id === 'issued' ? issuedDay : expiresDay;
      keepInRange(mask, days, dayOf(filter.from, -Infinity), dayOf(filter.to, Infinity));
    }
  }
  return mask;
}

/** Every matching row in order, kept for the batches of one export. */
let exported: { key: string; rows: Int32Array } | null = null;
function matching(query: ListQuery): Int32Array {
  const key = JSON.stringify(query);
  if (exported?.key === key) return exported.rows;
  const sorted = order(query.sort);
  const mask = matchMask(query);
  const out = new Int32Array(count);
  let n = 0;
  for (let k = 0; k < count; k++) {
    const i = sorted ? (sorted[k] as number) : k;
    if (!mask || mask[i] === 1) out[n++] = i;
  }
  exported = { key, rows: out.subarray(0, n) };
  return exported.rows;
}

/** Matching rows in order: those in [skip, skip + take), and how many match in all. */
function run(query: ListQuery, skip: number, take: number) {
  const sorted = order(query.sort);
  const mask = matchMask(query);
  const picked: number[] = [];
  let total = 0;
  for (let k = 0; k < count; k++) {
    const i = sorted ? (sorted[k] as number) : k;
    if (mask && mask[i] !== 1) continue;
    if (total >= skip && total < skip + take) picked.push(i);
    total++;
  }
  return { rows: picked.map(makeRow), total };
}

self.onmessage = (event: MessageEvent<Request>) => {
  const request = event.data;
  const started = performance.now();
  const reply = (body: object) => {
    const wait = Math.max(0, latencyMs - (performance.now() - started));
    setTimeout(() => self.postMessage({ id: request.id, ...body }), wait);
  };
  switch (request.kind) {
    case 'init':
      init(request.rows);
      latencyMs = request.latencyMs;
      self.postMessage({ id: request.id, ready: true });
      return;
    case 'page': {
      const { page, pageSize } = request.params;
      reply(run(request.params, (page - 1) * pageSize, pageSize));
      return;
    }
    case 'batch': {
      // Export batches stream without the latency: one request, answered as fast as it can.
      const rows = matching(request.query);
      const slice = rows.subarray(request.offset, request.offset + request.limit);
      self.postMessage({ id: request.id, rows: Array.from(slice, makeRow), total: rows.length });
      return;
    }
  }
};
