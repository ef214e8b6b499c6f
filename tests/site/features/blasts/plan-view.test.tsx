import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../../user';
import { PlanView } from '@/site/features/blasts/components/plan-view';
import { createPlan } from '../../../factories/data';
import { fakeCanvasContext } from './fake-canvas';

describe('PlanView (canvas)', () => {
  let fake: ReturnType<typeof fakeCanvasContext>;
  beforeEach(() => {
    fake = fakeCanvasContext();
    vi.stubGlobal('Path2D', fake.Path2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      fake.ctx as unknown as CanvasRenderingContext2D,
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws every hole within the canvas and says what it shows', async () => {
    const plan = createPlan(500);
    render(<PlanView plan={plan} label="Plan of North Pit 0001" />);
    const canvas = screen.getByRole('img', { name: /^Plan of North Pit 0001: 500 holes/ });
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn-count', '500'));
    expect(fake.arcs).toHaveLength(500);
    const width = Number(canvas.getAttribute('data-width'));
    const height = Number(canvas.getAttribute('data-height'));
    for (const arc of fake.arcs) {
      expect(arc.x).toBeGreaterThanOrEqual(0);
      expect(arc.x).toBeLessThanOrEqual(width);
      expect(arc.y).toBeGreaterThanOrEqual(0);
      expect(arc.y).toBeLessThanOrEqual(height);
    }
    expect(screen.getByTestId('plan-summary')).toHaveTextContent(
      '500 holes over 105.0 m east–west by 88.0 m north–south.',
    );
  });

  it('says 1 hole, not 1 holes, for a plan of one', () => {
    render(<PlanView plan={createPlan(1)} label="Plan" />);
    expect(screen.getByTestId('plan-summary')).toHaveTextContent(/^1 hole over/);
  });

  it('has a legend for depth, and for charge when chosen', async () => {
    const user = setupUser();
    render(<PlanView plan={createPlan(20)} label="Plan" />);
    const legend = screen.getByTestId('plan-legend');
    expect(screen.getByRole('heading', { name: 'Hole depth (m)' })).toBeInTheDocument();
    expect(within(legend).getAllByRole('listitem')).toHaveLength(5);
    expect(within(legend).getAllByRole('listitem')[0]).toHaveTextContent('8.0 – 8.8 m');
    await user.selectOptions(screen.getByLabelText('Colour by'), 'charge');
    expect(screen.getByRole('heading', { name: 'Charge (kg)' })).toBeInTheDocument();
    expect(within(legend).getAllByRole('listitem').at(-1)).toHaveTextContent('– 130.0 kg');
  });

  it('zooms with the keyboard and the buttons, and resets', async () => {
    const user = setupUser();
    render(<PlanView plan={createPlan(100)} label="Plan" />);
    const canvas = screen.getByRole('img');
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn-count', '100'));
    const initial = canvas.getAttribute('data-screen-box');
    canvas.focus();
    await user.keyboard('++');
    await waitFor(() => expect(canvas.getAttribute('data-screen-box')).not.toBe(initial));
    await user.keyboard('0');
    await waitFor(() => expect(canvas.getAttribute('data-screen-box')).toBe(initial));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(canvas.getAttribute('data-screen-box')).not.toBe(initial));
    await user.click(screen.getByRole('button', { name: 'Reset view' }));
    await waitFor(() => expect(canvas.getAttribute('data-screen-box')).toBe(initial));
  });
});
