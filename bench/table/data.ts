/**
 * The benchmark's issued licences, generated from the row's index alone (a hash, no sequence),
 * so that the page (client mode) and the fake server's worker (server mode, a million rows held
 * as small numbers) make the same rows without storing them as objects.
 */
export interface IssuedLicence {
  id: number;
  customer: string;
  product: string;
  seats: number;
  issued: string;
  expires: string;
  notes: string;
  owner: { firstName: string; lastName: string; email: string };
}

export const words = [
  'Acme',
  'Borealis',
  'Cobalt',
  'Delta',
  'Echo',
  'Granite',
  'Quarry',
  'Basalt',
  'Iron',
  'Ridge',
  'North',
  'Vertex',
];
export const products = [
  'Blast Designer',
  'Shot Planner',
  'Fragmentation Lab',
  'Vibration Monitor',
  'Drill Logger',
];
export const first = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Ken', 'Linus', 'Margaret', ''];
export const last = [
  'King',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Thompson',
  'Torvalds',
  'Hamilton',
];
const DAY = 86_400_000;
export const BASE_DAY = Date.UTC(2024, 0, 1);
/** Customers end in one of this many numbers. */
export const SUFFIXES = 97;

/** A 32-bit hash of (index, field): the same number every time. */
function hash(index: number, field: number): number {
  let h = Math.imul(index ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(field + 1, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return h >>> 0;
}
const pick = (index: number, field: number, count: number) => hash(index, field) % count;

/** The small numbers a row is made of (what the worker stores per row). */
export function rowParts(index: number) {
  return {
    wordA: pick(index, 1, words.length),
    wordB: pick(index, 2, words.length),
    product: pick(index, 3, products.length),
    seats: 1 + pick(index, 4, 500),
    issuedDay: pick(index, 5, 900),
    lengthDays: 30 + pick(index, 6, 700),
    first: pick(index, 7, first.length),
    last: pick(index, 8, last.length),
    noteWord: pick(index, 9, words.length),
    site: pick(index, 10, 1000),
  };
}

export const customerName = (wordA: number, wordB: number, index: number) =>
  `${words[wordA]} ${words[wordB]} ${index % SUFFIXES}`;

/** Row number `index` (0-based; its id is index + 1). */
export function makeRow(index: number): IssuedLicence {
  const p = rowParts(index);
  const firstName = first[p.first] as string;
  const lastName = last[p.last] as string;
  const issued = BASE_DAY + p.issuedDay * DAY;
  return {
    id: index + 1,
    customer: customerName(p.wordA, p.wordB, index),
    product: products[p.product] as string,
    seats: p.seats,
    issued: new Date(issued).toISOString(),
    expires: new Date(issued + p.lengthDays * DAY).toISOString(),
    notes: `Licence ${index + 1} for ${words[p.noteWord]} site ${p.site}`,
    owner: { firstName, lastName, email: `${firstName || 'pending'}.${lastName}@example.com` },
  };
}

export const generate = (count: number) => Array.from({ length: count }, (_, i) => makeRow(i));
