import { act, render, screen } from '@testing-library/react';
import { setupUser } from '../../user';
import { vi } from 'vitest';
import {
  FormEngine,
  type FieldSetting,
  type FormEngineProps,
  type FormSettings,
  type FormValues,
} from '@/core/forms';

export function renderForm(
  settingsOrFields: FormSettings | FieldSetting[],
  options: Partial<Omit<FormEngineProps, 'settings'>> = {},
) {
  const settings: FormSettings = Array.isArray(settingsOrFields)
    ? { rows: [settingsOrFields] }
    : settingsOrFields;
  const onSubmit = vi.fn<(values: FormValues) => void>();
  const user = setupUser();
  const utils = render(
    <FormEngine settings={settings} onSubmit={options.onSubmit ?? onSubmit} {...options} />,
  );
  /** Clicks the submit button, then lets the asynchronous validation and submit settle. */
  const save = async () => {
    await user.click(screen.getByRole('button', { name: options.submitLabel ?? 'Save' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  };
  return { ...utils, user, onSubmit, save };
}

/** The error text linked to a control through aria-describedby. */
export function describedText(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}
