import type { RowAction, RowRecord } from './types';

/** A ribbon or inline action's face: its icon and text (the title when it has neither). */
export function ActionContent<T extends RowRecord>({ action }: { action: RowAction<T> }) {
  const icon =
    typeof action.icon === 'string' ? (
      <i className={action.icon} aria-hidden="true" />
    ) : (
      action.icon
    );
  return (
    <>
      {icon}
      {action.buttonText ? (
        <span className={icon ? 'ms-1' : undefined}>{action.buttonText}</span>
      ) : icon ? null : (
        action.buttonTitle
      )}
    </>
  );
}
