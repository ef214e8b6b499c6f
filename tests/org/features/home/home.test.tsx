import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import HomePage from '@/org/features/home/route';
import { renderApp } from '../../../render';

describe('Home (/home)', () => {
  it('lists the organisations and only the links the flags allow', async () => {
    const { user } = await renderApp(<HomePage />, {
      url: '/home',
      org: [
        { org: { id: 1, name: 'Acme Mining' }, permissions: { isDeveloper: true } },
        { org: { id: 2, name: 'Borealis Quarries' }, permissions: { isSubManager: true } },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.getByText('Acme Mining', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Licences' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Software' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Organization' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Select Borealis Quarries' }));
    expect(await screen.findByRole('link', { name: 'Software' })).toBeInTheDocument();
  });
});
