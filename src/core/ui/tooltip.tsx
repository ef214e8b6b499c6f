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
