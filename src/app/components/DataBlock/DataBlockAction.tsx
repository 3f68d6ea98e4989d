/**
 * The action of a data block or one of its lines ('Wijzigen'): a link or a button whose accessible
 * name also says what it acts on ('Wijzigen adres'), so a list of several is still clear out of context.
 */
import { Link } from 'wouter';
import '../../visuallyHidden.css';

/** An action: a link with `actionUrl` (a path within the router's base), else a button with `onAction`; needs `actionText`. */
export interface DataBlockActionFields {
  actionText?: string;
  actionUrl?: string;
  onAction?(): void;
}

/** Whether the fields make an action: a text and a link or a button. */
export function hasAction({ actionText, actionUrl, onAction }: DataBlockActionFields): boolean {
  return Boolean(actionText) && (actionUrl !== undefined || onAction !== undefined);
}

/** Props of {@link DataBlockAction}. */
export interface DataBlockActionProps {
  action: DataBlockActionFields;
  /** What the action acts on, read after the text by screen readers only. */
  target: string;
}

/** A link (with `actionUrl`) or a button (with `onAction`); nothing when {@link hasAction} says no. */
export function DataBlockAction({ action, target }: DataBlockActionProps) {
  if (!hasAction(action)) return null;
  const content = (
    <>
      {action.actionText}
      <span className="visually-hidden"> {target}</span>
    </>
  );
  if (action.actionUrl !== undefined) {
    return (
      <Link href={action.actionUrl} className="utrecht-link portal-data-block__action" onClick={action.onAction}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" className="utrecht-link-button utrecht-link-button--html-button portal-data-block__action" onClick={action.onAction}>
      {content}
    </button>
  );
}
