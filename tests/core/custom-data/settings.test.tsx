import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customDataFormSettings } from '@/core/custom-data/settings';
import type { FieldSetting } from '@/core/forms';

const setting = (field: string): FieldSetting => {
  const found = customDataFormSettings.rows.flat().find((s) => s.field === field);
  if (!found) throw new Error(`no field ${field}`);
  return found;
};

const NO_PREVIEW = 'No preview: not a base64 PNG, JPEG, GIF or WebP image.';
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('custom data form rules', () => {
  it('a minimum version may have blanks around it; another shape says the format', () => {
    const validate = setting('fields.warningMinimumVersion').validate;
    expect(validate?.(' 24.01.15.abc1 ', {})).toBeUndefined();
    expect(validate?.('24.1.15', {})).toBe('Version must be in the format YY.MM.DD.Commit');
  });

  it('the icon field previews an image at most 96 px square, says why text is not one, and says nothing while empty', () => {
    const preview = (value: unknown) => {
      const { container, unmount } = render(
        <>{setting('fields.iconBase64').renderAfter?.(value, {})}</>,
      );
      const shown = { text: container.textContent, img: container.querySelector('img') };
      unmount();
      return shown;
    };
    render(<>{setting('fields.iconBase64').renderAfter?.(PNG, {})}</>);
    const img = screen.getByRole('img', { name: 'Icon preview' });
    expect(img).toHaveAttribute('src', `data:image/png;base64,${PNG}`);
    expect(img).toHaveStyle({ maxWidth: '96px', maxHeight: '96px' });
    expect(preview('not an image').text).toBe(NO_PREVIEW);
    expect(preview('')).toEqual({ text: '', img: null });
    expect(preview('   ')).toEqual({ text: '', img: null });
    expect(preview(undefined)).toEqual({ text: '', img: null });
  });
});
