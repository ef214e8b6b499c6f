import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  FeaturesEditor,
  featureLengthErrors,
  type FeatureDraft,
} from '@/org/features/offerings/components/features-editor';
import { setupUser } from '../../../user';

function Editor() {
  const [features, setFeatures] = useState<FeatureDraft[]>([
    { key: 'a', name: '', defaultValue: false },
  ]);
  return <FeaturesEditor features={features} errors={{}} onChange={setFeatures} />;
}

describe('features editor: long names (issue 17)', () => {
  it('keeps a pasted 150-character feature name whole, with the error and the counter under it', async () => {
    const user = setupUser();
    render(<Editor />);
    const input = screen.getByLabelText('Feature 1 name');
    await user.click(input);
    await user.paste('f'.repeat(150));
    expect(input).toHaveValue('f'.repeat(150));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Value must be at most 100 characters long')).toBeInTheDocument();
    expect(screen.getByText('150 / 100')).toHaveClass('text-danger');
  });

  it('names the rows over the maximum, so the form does not send them', () => {
    expect(
      featureLengthErrors([
        { key: 'a', name: 'x'.repeat(100), defaultValue: false },
        { key: 'b', name: 'x'.repeat(101), defaultValue: true },
      ]),
    ).toEqual({ 1: 'Value must be at most 100 characters long' });
  });
});
