import { describe, expect, it } from 'vitest';
import { nodesToText, parseNodes } from '@/site/features/node-libraries/components/library-input';

describe('node library nodes as text', () => {
  it('reads one node per line: name | type | description', () => {
    expect(parseNodes('Powder factor | calc | kg per m3\n\n  Hole depth|input  ')).toEqual({
      nodes: [
        { name: 'Powder factor', type: 'calc', description: 'kg per m3' },
        { name: 'Hole depth', type: 'input', description: null },
      ],
    });
  });

  it('names the first line without a type', () => {
    expect(parseNodes('A | calc\nB').problem).toBe('Line 2: give a name and a type');
  });

  it('writes what it reads', () => {
    const text = 'A | calc | first\nB | input';
    expect(nodesToText(parseNodes(text).nodes)).toBe(text);
  });
});
