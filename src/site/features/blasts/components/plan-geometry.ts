/**
 * Pure geometry and colour of the blast plan view: world metres (easting x, northing y) to
 * screen pixels at one scale for both axes (drawn to scale), pan and zoom, and the colour
 * scale of the legend. Kept apart from the canvas so it is tested without a browser.
 */

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface PlanPoint {
  x: number;
  y: number;
}

/** The view: zoom factor over the fitted scale, and a pan offset in screen pixels. */
export interface PlanView {
  zoom: number;
  panX: number;
  panY: number;
}

export interface Size {
  width: number;
  height: number;
}

export const INITIAL_VIEW: PlanView = { zoom: 1, panX: 0, panY: 0 };
export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 64;
/** Margin around the fitted plan, in pixels. */
export const PLAN_PADDING = 24;

/** A blast of one hole (or a line of holes) still gets an area to draw in: at least 1 m. */
export function paddedBounds(bounds: Bounds): Bounds {
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cy = (bounds.minY + bounds.maxY) / 2;
  const halfW = Math.max(0.5, (bounds.maxX - bounds.minX) / 2);
  const halfH = Math.max(0.5, (bounds.maxY - bounds.minY) / 2);
  return { minX: cx - halfW, maxX: cx + halfW, minY: cy - halfH, maxY: cy + halfH };
}

/** Pixels per metre that fit the whole plan in the size, the same for x and y. */
export function fitScale(bounds: Bounds, size: Size, padding = PLAN_PADDING): number {
  const b = paddedBounds(bounds);
  const w = Math.max(1, size.width - 2 * padding);
  const h = Math.max(1, size.height - 2 * padding);
  return Math.min(w / (b.maxX - b.minX), h / (b.maxY - b.minY));
}

export interface Projection {
  /** Pixels per metre (fit × zoom). */
  scale: number;
  toScreen: (p: PlanPoint) => PlanPoint;
  toWorld: (p: PlanPoint) => PlanPoint;
}

/** World → screen for a view: centred, north up (screen y grows downwards), then panned. */
export function projection(bounds: Bounds, size: Size, view: PlanView): Projection {
  const b = paddedBounds(bounds);
  const scale = fitScale(bounds, size) * view.zoom;
  const midX = (b.minX + b.maxX) / 2;
  const midY = (b.minY + b.maxY) / 2;
  const cx = size.width / 2 + view.panX;
  const cy = size.height / 2 + view.panY;
  return {
    scale,
    toScreen: (p) => ({ x: cx + (p.x - midX) * scale, y: cy - (p.y - midY) * scale }),
    toWorld: (p) => ({ x: midX + (p.x - cx) / scale, y: midY - (p.y - cy) / scale }),
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Zooms by a factor keeping the world point under the screen point (the cursor) in place. */
export function zoomAt(view: PlanView, factor: number, at: PlanPoint, size: Size): PlanView {
  const zoom = clamp(view.zoom * factor, MIN_ZOOM, MAX_ZOOM);
  const applied = zoom / view.zoom;
  // The point at offset d from the centre moves to d·applied; shift the pan to keep it.
  const dx = at.x - size.width / 2 - view.panX;
  const dy = at.y - size.height / 2 - view.panY;
  return { zoom, panX: view.panX + dx - dx * applied, panY: view.panY + dy - dy * applied };
}

export const panBy = (view: PlanView, dx: number, dy: number): PlanView => ({
  ...view,
  panX: view.panX + dx,
  panY: view.panY + dy,
});

/** Wheel delta (pixels) to a zoom factor: smooth for trackpads, one step per notch. */
export const wheelFactor = (deltaY: number) => Math.exp(-clamp(deltaY, -200, 200) / 300);

/** Drawn radius of a hole in pixels: 0.4 m to scale, but always visible and never a blob. */
export const holeRadius = (scale: number) => clamp(0.4 * scale, 2, 14);

/** The colour ramp (colour-blind safe, viridis-like), dark = low, yellow = high. */
export const RAMP = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'] as const;
/** Holes are drawn in this many colour classes: one path per class keeps 5,000 holes fast. */
export const COLOUR_CLASSES = RAMP.length;

export interface ValueRange {
  min: number;
  max: number;
}

export function rangeOf(values: readonly number[]): ValueRange {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return values.length === 0 ? { min: 0, max: 0 } : { min, max };
}

/** The class (0 … COLOUR_CLASSES-1) of a value in its range; equal values are all the middle class. */
export function colourClass(value: number, range: ValueRange): number {
  if (range.max <= range.min) return Math.floor(COLOUR_CLASSES / 2);
  const t = (value - range.min) / (range.max - range.min);
  return clamp(Math.floor(t * COLOUR_CLASSES), 0, COLOUR_CLASSES - 1);
}

export interface LegendEntry {
  colour: string;
  from: number;
  to: number;
  label: string;
}

/** One legend entry per colour class, with the value interval it stands for. */
export function legendEntries(range: ValueRange, unit: string, decimals = 1): LegendEntry[] {
  const fmt = (v: number) => v.toFixed(decimals);
  if (range.max <= range.min) {
    const colour = RAMP[Math.floor(COLOUR_CLASSES / 2)] ?? RAMP[0];
    return [{ colour, from: range.min, to: range.max, label: `${fmt(range.min)} ${unit}` }];
  }
  const step = (range.max - range.min) / COLOUR_CLASSES;
  return RAMP.map((colour, i) => {
    const from = range.min + i * step;
    const to = i === COLOUR_CLASSES - 1 ? range.max : from + step;
    return { colour, from, to, label: `${fmt(from)} – ${fmt(to)} ${unit}` };
  });
}

export interface ScreenBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The screen box of the projected holes' centres (what the e2e and unit tests check). */
export function screenBox(points: readonly PlanPoint[]): ScreenBox | null {
  if (points.length === 0) return null;
  const xs = rangeOf(points.map((p) => p.x));
  const ys = rangeOf(points.map((p) => p.y));
  return { minX: xs.min, maxX: xs.max, minY: ys.min, maxY: ys.max };
}
