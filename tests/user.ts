import { waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';

/**
 * userEvent, clicking as a person does: a form's submit button that waits for its fields
 * (aria-busy: a field still loads its code or its first options; the form cannot be sent
 * meanwhile) is clicked once it is ready. Any other disabled button is clicked as it is, and
 * does nothing.
 */
export function setupUser(options?: Parameters<typeof userEvent.setup>[0]): UserEvent {
  const user = userEvent.setup(options);
  const click = async (element: Element) => {
    if (element instanceof HTMLButtonElement && element.getAttribute('aria-busy') === 'true') {
      await waitFor(() => {
        if (element.disabled) throw new Error(`'${element.textContent ?? ''}' is still loading`);
      });
    }
    return user.click(element);
  };
  return { ...user, click };
}

/**
 * Types `text` as one burst: no time passes between the keys (user-event's `delay: null`), so
 * no timer runs in between, however busy the machine. For what a pause in typing triggers (a
 * search sent once per pause, not per key): with the default delay, a loaded machine stretches
 * the gaps between keys past the pause.
 */
export const typeInOneBurst = (element: Element, text: string) =>
  setupUser({ delay: null }).type(element, text);

/**
 * The form fields a form loads on demand (src/core/forms/field-registry.tsx), loaded ahead: the
 * first test of a file to open such a form would otherwise pay for their first load inside its
 * own time, which a busy machine stretches past the test's ceiling. Call it from beforeAll.
 */
export const loadFormFields = () =>
  Promise.all([
    import('@/core/forms/fields/date-field'),
    import('@/core/forms/fields/dropdown-field'),
    import('@/core/forms/fields/multi-dropdown-field'),
    import('@/core/forms/fields/user-field'),
  ]);
