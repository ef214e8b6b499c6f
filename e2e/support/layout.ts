import type { Page } from '@playwright/test';

/** The screens of issue 17's layout checks: a desktop with the sidebar open, and a phone. */
export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof viewports;

/**
 * What a user would notice on the page as it is shown (issue 17), as sentences; none is right:
 * - the page itself scrolls sideways;
 * - a data table's first row has a row action outside the screen, or hidden under something
 *   (the table scrolls in its own container: the actions column must stay in view), or on a
 *   phone its actions take more than 40 % of the table's width (their buttons stack there);
 * - on a desktop, a data table is wider than its container (its columns scroll out of sight);
 *   on a phone too, any other table (the dashboard's renewals hid their expiry);
 * - a select or a placeholder of a filter row is cut (the Org admin filter read 'A');
 * - the top bar takes more than one row;
 * - a control sticks out of its card.
 */
export async function layoutProblems(
  page: Page,
  options: { tableFits: boolean },
): Promise<string[]> {
  return page.evaluate(async ({ tableFits }) => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width) {
      problems.push(`the page scrolls sideways (${root.scrollWidth} px wide in ${width} px)`);
    }

    // The top bar: every part of it on one row (their vertical centres agree), and no taller
    // than one row of it.
    const header = document.querySelector('header.navbar');
    if (header) {
      const parts = Array.from(header.children).map((child) => child.getBoundingClientRect());
      const visible = parts.filter((r) => r.width > 0 && r.height > 0);
      const centres = visible.map((r) => r.top + r.height / 2);
      const spread = Math.max(...centres) - Math.min(...centres);
      const bar = header.getBoundingClientRect();
      const tallest = Math.max(...visible.map((r) => r.height));
      if (spread > 4 || bar.height > tallest + 20) {
        problems.push(
          `the top bar takes more than one row (${Math.round(bar.height)} px high, its parts' centres ${Math.round(spread)} px apart)`,
        );
      }
    }

    // Controls stay inside their card (a file picker beside a logo stuck out of it on a phone).
    for (const card of Array.from(document.querySelectorAll<HTMLElement>('main .card'))) {
      const edge = card.getBoundingClientRect().right;
      for (const control of Array.from(
        card.querySelectorAll<HTMLElement>('input, select, textarea, button, .form-control'),
      )) {
        if (control.closest('.table-responsive') || control.classList.contains('visually-hidden'))
          continue;
        const box = control.getBoundingClientRect();
        if (box.width > 0 && box.right > edge + 1) {
          const label =
            control.getAttribute('aria-label') ||
            control.id ||
            control.textContent?.trim().slice(0, 30) ||
            control.tagName;
          problems.push(
            `a control (${label}) sticks out of its card (${Math.round(box.right)} px, the card ends at ${Math.round(edge)})`,
          );
        }
      }
    }

    const canvas = document.createElement('canvas').getContext('2d');
    const textWidth = (element: HTMLElement, text: string) => {
      if (!canvas) return 0;
      const style = getComputedStyle(element);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return canvas.measureText(text).width;
    };
    const room = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      return (
        element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) + 1
      );
    };

    // Every table of the page in its scroll container: the data tables and the others (the
    // custom data of an organisation, a product's features).
    for (const scroller of Array.from(
      document.querySelectorAll<HTMLElement>('main .table-responsive'),
    )) {
      const name =
        scroller.closest('section[aria-label]')?.getAttribute('aria-label') ??
        scroller.closest('section, .card')?.querySelector('h2, h3, .card-header')?.textContent ??
        'a table';
      // A data table may scroll in its container on a phone (its actions stay in view, below);
      // any other table must fit: a card that scrolls sideways hides a column.
      const fits = tableFits || !scroller.closest('section.dt');
      if (fits && scroller.scrollWidth > scroller.clientWidth + 1) {
        problems.push(
          `${name}: the table is wider than the screen gives it (${scroller.scrollWidth} px in ${scroller.clientWidth} px)`,
        );
      }
      for (const select of Array.from(
        scroller.querySelectorAll<HTMLSelectElement>('.dt-filters select'),
      )) {
        if (!select.checkVisibility()) continue; // a hidden filter row (an empty list) shows nothing
        const text = select.selectedOptions[0]?.text ?? '';
        if (textWidth(select, text) > room(select)) {
          problems.push(
            `${name}: the filter ${select.getAttribute('aria-label')} shows '${text}' cut`,
          );
        }
      }
      for (const input of Array.from(
        scroller.querySelectorAll<HTMLInputElement>('.dt-filters input[placeholder]'),
      )) {
        if (!input.checkVisibility()) continue;
        if (textWidth(input, input.placeholder) > room(input)) {
          problems.push(
            `${name}: the filter ${input.getAttribute('aria-label')} shows its placeholder '${input.placeholder}' cut`,
          );
        }
      }
      // The first row's actions: the buttons of its last cell.
      const actions = scroller.querySelector<HTMLElement>('tbody tr:first-child td:last-child');
      const buttons = Array.from(actions?.querySelectorAll<HTMLElement>('button') ?? []);
      if (!actions || buttons.length === 0) continue;
      // On a phone the actions column, which sticks over the data, leaves it most of the width.
      const share = actions.getBoundingClientRect().width / scroller.clientWidth;
      if (!tableFits && actions.matches('td.dt-actions') && share > 0.4) {
        problems.push(
          `${name}: the row actions take ${Math.round(share * 100)} % of the table's width (at most 40 % on a phone)`,
        );
      }
      // Bring the row into view vertically only (a horizontal scroll would hide the defect), at
      // once (Bootstrap's smooth scrolling would still be on its way).
      const top = actions.getBoundingClientRect().top;
      window.scrollTo({ top: window.scrollY + top - window.innerHeight / 2, behavior: 'instant' });
      await new Promise(requestAnimationFrame);
      for (const button of buttons) {
        const box = button.getBoundingClientRect();
        const label = button.getAttribute('aria-label') ?? button.textContent ?? '';
        if (box.left < 0 || box.right > width) {
          problems.push(
            `${name}: the row action '${label}' is off the screen (${Math.round(box.left)}–${Math.round(box.right)} px of ${width})`,
          );
          continue;
        }
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!hit || !button.contains(hit)) {
          problems.push(`${name}: the row action '${label}' is hidden under another element`);
        }
      }
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return problems;
  }, options);
}
