import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withContractLimits, type FieldSetting } from '@/core/forms';
import { offeringInputSchema } from '@/contract/crm/offerings';
import { describedText, renderForm } from './helpers';

// Busy CI machines (2 cores): allow slow renders.
vi.setConfig({ testTimeout: 30_000 });

/** Issue 17: the offering's Name, bounded by the contract (200), as the offerings form has it. */
const [[nameField]] = withContractLimits(offeringInputSchema, {
  rows: [[{ field: 'name', type: 'string', title: 'Name', isMandatory: true }]],
}).rows as [[FieldSetting]];

describe('text length near and over the maximum (issue 17)', () => {
  it('takes the maximum from the contract', () => {
    expect(nameField.maxLength).toBe(200);
  });

  it("shows a counter from 80 % of the maximum ('160 / 200'), none below", async () => {
    renderForm([nameField]);
    const input = screen.getByLabelText(/^Name/);
    fireEvent.change(input, { target: { value: 'a'.repeat(159) } });
    expect(screen.queryByTestId('length-counter')).toBeNull();
    fireEvent.change(input, { target: { value: 'a'.repeat(160) } });
    expect(screen.getByTestId('length-counter')).toHaveTextContent('160 / 200');
    expect(screen.getByTestId('length-counter')).not.toHaveClass('text-danger');
    expect(input).not.toHaveAttribute('aria-invalid');
    fireEvent.change(input, { target: { value: 'a'.repeat(200) } });
    expect(screen.getByTestId('length-counter')).toHaveTextContent('200 / 200');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('keeps a pasted 1,500-character name whole, shows the error under the field at once, and does not submit', async () => {
    const { user, save, onSubmit } = renderForm([nameField]);
    const input = screen.getByLabelText(/^Name/);
    // No maxlength attribute: the browser would cut the paste silently.
    expect(input).not.toHaveAttribute('maxlength');
    await user.click(input);
    await user.paste('N'.repeat(1500));
    expect(input).toHaveValue('N'.repeat(1500));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(input)).toContain('Value must be at most 200 characters long');
    expect(screen.getByText('Value must be at most 200 characters long')).toHaveClass(
      'text-danger',
      'small',
    );
    expect(screen.getByTestId('length-counter')).toHaveTextContent('1500 / 200');
    expect(screen.getByTestId('length-counter')).toHaveClass('text-danger');
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveValue('N'.repeat(1500));
    // Shortened to the maximum, it is sent as typed.
    fireEvent.change(input, { target: { value: 'N'.repeat(200) } });
    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'N'.repeat(200) });
  });

  it('bounds a text area the same way', async () => {
    const { user } = renderForm([
      { field: 'notes', type: 'textArea', title: 'Notes', maxLength: 10 },
    ]);
    const area = screen.getByLabelText('Notes');
    await user.click(area);
    await user.paste('x'.repeat(25));
    expect(area).toHaveValue('x'.repeat(25));
    expect(describedText(area)).toContain('Value must be at most 10 characters long');
  });
});
