import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import {
  barLayout,
  BlastsChart,
  monthLabel,
  niceMax,
} from '@/site/features/sites/components/blasts-chart';
import { toSiteInput } from '@/site/features/sites/components/site-input';

describe('blasts chart (plain SVG)', () => {
  it('scales bars to a nice maximum inside the plot', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(13)).toBe(20);
    const bars = barLayout([0, 5, 10], 300, 100, 10);
    expect(bars.map((b) => b.height)).toEqual([0, 50, 100]);
    expect(bars.every((b) => b.x >= 0 && b.x + b.width <= 300 && b.y >= 0)).toBe(true);
  });

  it('has a text alternative and the numbers as a table', () => {
    render(
      <BlastsChart
        title="Blasts per month"
        months={[
          { month: '2025-11', blasts: 2, holes: 60 },
          { month: '2025-12', blasts: 0, holes: 0 },
          { month: '2026-01', blasts: 3, holes: 1500 },
        ]}
      />,
    );
    expect(
      screen.getByRole('img', { name: 'Blasts per month 5 blasts from Nov 2025 to Jan 2026.' }),
    ).toBeInTheDocument();
    // The figures as people read them, thousands grouped.
    expect(screen.getByRole('row', { name: 'Jan 2026 3 1,500' })).toBeInTheDocument();
    expect(monthLabel('2025-06')).toBe('Jun 2025');
  });

  it('counts one blast and one hole in the singular', () => {
    render(<BlastsChart title="Blasts" months={[{ month: '2026-01', blasts: 1, holes: 1 }]} />);
    expect(
      screen.getByRole('img', { name: 'Blasts 1 blast from Jan 2026 to Jan 2026.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Jan 2026: 1 blast, 1 hole')).toBeInTheDocument();
  });
});

describe('site form', () => {
  it('maps the empty subscription option to none and trims text', () => {
    expect(
      toSiteInput({ name: ' North ', location: '', description: 'x', subscriptionId: -1 }),
    ).toEqual({ name: 'North', location: null, description: 'x', subscriptionId: null });
    expect(toSiteInput({ name: 'A', subscriptionId: 3 }).subscriptionId).toBe(3);
  });
});
