import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { BlastPlan } from '@/contract/data/blasts';
import { pluralise } from '@/core/format';
import {
  COLOUR_CLASSES,
  INITIAL_VIEW,
  RAMP,
  colourClass,
  holeRadius,
  legendEntries,
  panBy,
  projection,
  rangeOf,
  wheelFactor,
  zoomAt,
  type PlanView as View,
  type Size,
} from './plan-geometry';

export type PlanMetric = 'depth' | 'charge';
const METRIC_UNIT: Record<PlanMetric, string> = { depth: 'm', charge: 'kg' };
const METRIC_LABEL: Record<PlanMetric, string> = { depth: 'Hole depth', charge: 'Charge' };

const HEIGHT = 420;
const PAN_STEP = 40;
const ZOOM_STEP = 1.25;

export interface PlanViewProps {
  plan: BlastPlan;
  /** The accessible name of the drawing. */
  label: string;
}

/** What the last frame drew, written on the canvas for tests and the accessible summary. */
interface DrawStats {
  drawn: number;
  ms: number;
}

/**
 * Draws the holes on a canvas and returns how many fell inside it. One path per colour class
 * (5 fills for any number of holes), so 5,000 holes draw in a few milliseconds.
 */
export function drawPlan(
  ctx: CanvasRenderingContext2D,
  plan: BlastPlan,
  metric: PlanMetric,
  size: Size,
  view: View,
): DrawStats {
  const started = performance.now();
  const { toScreen, scale } = projection(plan.bounds, size, view);
  const range = rangeOf(plan.holes.map((h) => h[metric]));
  const r = holeRadius(scale);
  ctx.clearRect(0, 0, size.width, size.height);
  const paths = Array.from({ length: COLOUR_CLASSES }, () => new Path2D());
  let drawn = 0;
  for (const hole of plan.holes) {
    const p = toScreen(hole);
    if (p.x < -r || p.y < -r || p.x > size.width + r || p.y > size.height + r) continue;
    const path = paths[colourClass(hole[metric], range)];
    if (!path) continue;
    path.moveTo(p.x + r, p.y);
    path.arc(p.x, p.y, r, 0, Math.PI * 2);
    drawn++;
  }
  paths.forEach((path, i) => {
    ctx.fillStyle = RAMP[i] ?? RAMP[0];
    ctx.fill(path);
  });
  if (r >= 4) {
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(0,0,0,0.55)';
    paths.forEach((path) => ctx.stroke(path));
  }
  return { drawn, ms: performance.now() - started };
}

/** A scale bar length (1, 2 or 5 × 10^n metres) about 100 px long. */
function scaleBar(pixelsPerMetre: number) {
  const target = 100 / pixelsPerMetre;
  const pow = 10 ** Math.floor(Math.log10(target));
  const metres = [1, 2, 5, 10].map((m) => m * pow).find((m) => m >= target) ?? 10 * pow;
  return { metres, pixels: metres * pixelsPerMetre };
}

const fmt = (v: number, d = 1) => v.toFixed(d);

/**
 * The blast's plan view: holes at their easting/northing, drawn to scale (north up), coloured by
 * depth or charge with a legend. Pan by dragging or the arrow keys; zoom with the wheel, the
 * + and - keys or the buttons; 0 resets. A text summary says what the drawing shows.
 */
export function PlanView({ plan, label }: PlanViewProps) {
  const id = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [metric, setMetric] = useState<PlanMetric>('depth');
  const [view, setView] = useState<View>(INITIAL_VIEW);
  const [width, setWidth] = useState(640);
  const size = useMemo<Size>(() => ({ width, height: HEIGHT }), [width]);
  const drag = useRef<{ x: number; y: number; pointerId: number } | null>(null);

  // Follow the container's width.
  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return undefined;
    const measure = () => setWidth(Math.max(200, Math.floor(el.clientWidth)));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Draw on the next frame after a change (coalesces bursts of wheel and pointer events).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const frame = requestAnimationFrame(() => {
      const dpr = window.devicePixelRatio || 1;
      canvas.width = Math.round(size.width * dpr);
      canvas.height = Math.round(size.height * dpr);
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const stats = drawPlan(ctx, plan, metric, size, view);
      // What the last frame drew and how long it took, and how many frames were drawn (read by
      // the benchmark and the e2e tests).
      canvas.dataset.drawnCount = String(stats.drawn);
      canvas.dataset.drawMs = stats.ms.toFixed(2);
      canvas.dataset.frames = String(Number(canvas.dataset.frames ?? 0) + 1);
    });
    return () => cancelAnimationFrame(frame);
  }, [plan, metric, size, view]);

  // The wheel zooms at the cursor; a non-passive listener so the page does not scroll too.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      setView((v) => zoomAt(v, wheelFactor(event.deltaY), at, size));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [size]);

  const centre = useMemo(() => ({ x: size.width / 2, y: size.height / 2 }), [size]);
  const zoomBy = useCallback(
    (factor: number) => setView((v) => zoomAt(v, factor, centre, size)),
    [centre, size],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const move = moves[event.key];
    if (move) setView((v) => panBy(v, move[0], move[1]));
    else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoomBy(1 / ZOOM_STEP);
    else if (event.key === '0') setView(INITIAL_VIEW);
    else return;
    event.preventDefault();
  };

  const proj = useMemo(() => projection(plan.bounds, size, view), [plan.bounds, size, view]);
  const { scale } = proj;
  const range = rangeOf(plan.holes.map((h) => h[metric]));
  const legend = legendEntries(range, METRIC_UNIT[metric]);
  const bar = scaleBar(scale);
  const widthM = plan.bounds.maxX - plan.bounds.minX;
  const heightM = plan.bounds.maxY - plan.bounds.minY;
  const depth = rangeOf(plan.holes.map((h) => h.depth));
  const charge = rangeOf(plan.holes.map((h) => h.charge));
  // The screen box of every hole at this view (tests check it lies within the canvas).
  const box = useMemo(() => {
    if (plan.holes.length === 0) return null;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const h of plan.holes) {
      const p = proj.toScreen(h);
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
    return { minX, minY, maxX, maxY };
  }, [plan, proj]);

  const summary =
    plan.holes.length === 0
      ? 'The blast has no holes.'
      : `${pluralise(plan.holes.length, 'hole')} over ${fmt(widthM)} m east–west by ${fmt(heightM)} m north–south. ` +
        `Depth ${fmt(depth.min)} to ${fmt(depth.max)} m; charge ${fmt(charge.min)} to ${fmt(charge.max)} kg.`;

  return (
    <figure className="plan-view mb-0" aria-labelledby={`${id}-caption`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <figcaption id={`${id}-caption`} className="fw-semibold me-auto">
          Plan view
        </figcaption>
        <label htmlFor={`${id}-metric`} className="form-label mb-0 small">
          Colour by
        </label>
        <select
          id={`${id}-metric`}
          className="form-select form-select-sm w-auto"
          value={metric}
          onChange={(e) => setMetric(e.target.value as PlanMetric)}
        >
          <option value="depth">Hole depth (m)</option>
          <option value="charge">Charge (kg)</option>
        </select>
        <div className="btn-group btn-group-sm" role="group" aria-label="Zoom">
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => zoomBy(ZOOM_STEP)}
          >
            <span aria-hidden="true">+</span>
            <span className="visually-hidden">Zoom in</span>
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => zoomBy(1 / ZOOM_STEP)}
          >
            <span aria-hidden="true">−</span>
            <span className="visually-hidden">Zoom out</span>
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => setView(INITIAL_VIEW)}
          >
            Reset view
          </button>
        </div>
      </div>
      <div ref={wrapRef} className="position-relative border rounded bg-body-tertiary">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${label}: ${summary}`}
          aria-describedby={`${id}-help`}
          tabIndex={0}
          data-testid="plan-canvas"
          data-hole-count={plan.holes.length}
          data-bounds={JSON.stringify(plan.bounds)}
          data-screen-box={box ? JSON.stringify(box) : ''}
          data-width={size.width}
          data-height={size.height}
          style={{
            width: '100%',
            height: `${HEIGHT}px`,
            display: 'block',
            touchAction: 'none',
            cursor: 'grab',
          }}
          onKeyDown={onKeyDown}
          onPointerDown={(e) => {
            drag.current = { x: e.clientX, y: e.clientY, pointerId: e.pointerId };
            e.currentTarget.setPointerCapture?.(e.pointerId);
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (!d || d.pointerId !== e.pointerId) return;
            const dx = e.clientX - d.x;
            const dy = e.clientY - d.y;
            drag.current = { ...d, x: e.clientX, y: e.clientY };
            setView((v) => panBy(v, dx, dy));
          }}
          onPointerUp={() => {
            drag.current = null;
          }}
          onPointerCancel={() => {
            drag.current = null;
          }}
          onDoubleClick={(e) => {
            const rect = e.currentTarget.getBoundingClientRect();
            setView((v) =>
              zoomAt(v, 2, { x: e.clientX - rect.left, y: e.clientY - rect.top }, size),
            );
          }}
        />
        <div
          className="position-absolute bottom-0 start-0 m-2 px-2 py-1 bg-body rounded small border"
          aria-hidden="true"
        >
          <div style={{ width: `${bar.pixels}px`, height: '4px' }} className="bg-dark mb-1" />
          {bar.metres >= 1 ? bar.metres : fmt(bar.metres, 2)} m
        </div>
        <div
          className="position-absolute top-0 end-0 m-2 px-2 py-1 bg-body rounded small border"
          aria-hidden="true"
        >
          N ↑
        </div>
      </div>
      <p id={`${id}-help`} className="small text-body-secondary mt-1 mb-2">
        Drag or use the arrow keys to pan; the mouse wheel, + and − zoom; 0 resets the view.
      </p>
      <div className="d-flex flex-wrap gap-4 align-items-start">
        <div>
          <h3 className="h6" id={`${id}-legend`}>
            {METRIC_LABEL[metric]} ({METRIC_UNIT[metric]})
          </h3>
          <ul
            className="list-unstyled mb-0 small"
            aria-labelledby={`${id}-legend`}
            data-testid="plan-legend"
          >
            {legend.map((entry) => (
              <li key={entry.colour} className="d-flex align-items-center gap-2">
                <span
                  aria-hidden="true"
                  className="d-inline-block rounded-circle border"
                  style={{ width: '0.9rem', height: '0.9rem', background: entry.colour }}
                />
                {entry.label}
              </li>
            ))}
          </ul>
        </div>
        <p className="small mb-0" data-testid="plan-summary" style={{ maxWidth: '32rem' }}>
          {summary}
        </p>
      </div>
    </figure>
  );
}
