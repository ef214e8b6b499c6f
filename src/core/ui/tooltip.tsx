import { useId, type ReactNode } from 'react';
import { isWideTooltip } from '@/core/format';
import './tooltip.css';

export interface TooltipProps {
  text: string;
  /** The tooltip's id, for a control it describes (a form field's input). */
  id?: string;
  children: ReactNode;
}

/**
 * A hover and focus tooltip (CSS only, no state), in tables and forms alike. Over 200 characters
 * it uses the wide style (SPEC §9). Screen readers get the text through aria-describedby.
 */
export function Tooltip({ text, id, children }: TooltipProps) {
  const ownId = useId();
  const tipId = id ?? ownId;
  return (
    <span className="tip-host" aria-describedby={tipId}>
      {children}
      <span id={tipId} role="tooltip" className={isWideTooltip(text) ? 'tip tip-wide' : 'tip'}>
        {text}
      </span>
    </span>
  );
}

export interface HelpTipProps {
  /** The help text. */
  text: string;
  /** The tooltip's id: the field's control names it in aria-describedby. */
  id: string;
  /** The button's own accessible name ('About Expiry'). */
  label: string;
}

/**
 * A form field's help: an info button beside the field's label, never inside it, so the label
 * stays exactly the field's name (for screen readers and getByLabel). The button takes the
 * keyboard focus like any control and shows the tooltip on focus and hover.
 */
export function HelpTip({ text, id, label }: HelpTipProps) {
  return (
    <Tooltip text={text} id={id}>
      {/* Named by its content, not aria-label: a field located by its label ('Expiry') never
          finds its help button ('About Expiry') too. */}
      <button type="button" className="tip-button" aria-describedby={id}>
        <span className="visually-hidden">{label}</span>
        {/* An SVG, not the ⓘ character: headless and minimal systems lack a font with it. */}
        <svg
          width="14"
          height="14"
          viewBox="0 0 16 16"
          fill="currentColor"
          focusable="false"
          aria-hidden="true"
        >
          <path d="M8 15A7 7 0 1 1 8 1a7 7 0 0 1 0 14m0 1A8 8 0 1 0 8 0a8 8 0 0 0 0 16" />
          <path d="m8.93 6.59-2.29.29-.08.38.45.08c.29.07.35.18.29.47l-.74 3.47c-.19.9.11 1.32.82 1.32.55 0 1.18-.25 1.47-.6l.09-.42c-.2.18-.5.25-.7.25-.27 0-.37-.2-.3-.53zM9 4.5a1 1 0 1 1-2 0 1 1 0 0 1 2 0" />
        </svg>
      </button>
    </Tooltip>
  );
}
