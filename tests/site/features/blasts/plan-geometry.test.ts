import { describe, expect, it } from 'vitest';
import {
  COLOUR_CLASSES,
  INITIAL_VIEW,
  MAX_ZOOM,
  colourClass,
  fitScale,
  legendEntries,
  projection,
  screenBox,
  zoomAt,
} from '@/site/features/blasts/components/plan-geometry';
import { createPlan } from '../../../factories/data';

const size = { width: 640, height: 420 };

describe('plan geometry (drawn to scale)', () => {
  it.each([1, 2, 12, 48, 5000])('projects all %i holes inside the canvas', (n) => {
    const plan = createPlan(n);
    const { toScreen } = projection(plan.bounds, size, INITIAL_VIEW);
    const box = screenBox(plan.holes.map(toScreen));
    if (!box) throw new Error('no box');
    expect(box.minX).toBeGreaterThanOrEqual(0);
    expect(box.minY).toBeGreaterThanOrEqual(0);
    expect(box.maxX).toBeLessThanOrEqual(size.width);
    expect(box.maxY).toBeLessThanOrEqual(size.height);
  });

  it('uses one scale for both axes, north up', () => {
    const plan = createPlan(100, 10);
    const { toScreen, scale } = projection(plan.bounds, size, INITIAL_VIEW);
    const a = toScreen({ x: 1000, y: 2000 });
    const east = toScreen({ x: 1010, y: 2000 });
    const north = toScreen({ x: 1000, y: 2010 });
    expect(east.x - a.x).toBeCloseTo(10 * scale);
    expect(a.y - north.y).toBeCloseTo(10 * scale);
    expect(scale).toBeCloseTo(fitScale(plan.bounds, size));
  });

  it('zooms around the cursor: the point under it stays put, within the zoom limits', () => {
    const plan = createPlan(48);
    const at = { x: 100, y: 80 };
    const before = projection(plan.bounds, size, INITIAL_VIEW).toWorld(at);
    const view = zoomAt(INITIAL_VIEW, 3, at, size);
    const after = projection(plan.bounds, size, view).toWorld(at);
    expect(view.zoom).toBe(3);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(zoomAt(INITIAL_VIEW, 1e9, at, size).zoom).toBe(MAX_ZOOM);
  });

  it('colours by class and gives one legend entry per class', () => {
    const range = { min: 8, max: 13 };
    expect(colourClass(8, range)).toBe(0);
    expect(colourClass(13, range)).toBe(COLOUR_CLASSES - 1);
    const legend = legendEntries(range, 'm');
    expect(legend).toHaveLength(COLOUR_CLASSES);
    expect(legend[0]?.label).toBe('8.0 – 9.0 m');
    expect(legend.at(-1)?.label).toBe('12.0 – 13.0 m');
    expect(legendEntries({ min: 5, max: 5 }, 'kg')).toEqual([
      expect.objectContaining({ label: '5.0 kg' }),
    ]);
  });
});
