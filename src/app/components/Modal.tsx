/**
 * The portal's one modal dialog (doc 2 §2 'Modals'): rendered on top of the page with everything
 * else inert, labelled by its heading, focus kept inside (Tab wraps) and returned to the element
 * that opened it. Escape, a click on the backdrop and the close button dismiss it unless it is
 * static. Elements marked `data-modal-keep` (the live announcer) stay outside the inert part, so
 * announcements still reach screen readers while a dialog is open.
 */
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@utrecht/button-react';
import { focusMain } from '../focus';
import { inertOutside, tabbables, wrapTarget } from './focusTrap';
import './modal.css';

export type DismissReason = 'escape' | 'backdrop' | 'close-button';

export interface ModalProps {
  title: string;
  children: ReactNode;
  /** Called on Escape, a backdrop click or the close button; without it (or when static) the dialog cannot be dismissed. */
  onDismiss?: (reason: DismissReason) => void;
  /** Only the dialog's own buttons close it (doc 2 §2: 'unless configured static'). */
  isStatic?: boolean;
  /** 'alertdialog' for a dialog that interrupts to ask for an urgent answer. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the text that describes the dialog. */
  describedBy?: string;
  /** What receives focus when the dialog opens; default its first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Text of the close button (shown when the dialog can be dismissed). */
  closeLabel?: string;
  className?: string;
}

/** The open dialogs (one may open over another); the page scrolls again when the last closes. */
const open: HTMLElement[] = [];

export function Modal({ title, children, onDismiss, isStatic = false, role = 'dialog', describedBy, initialFocus, closeLabel, className }: ModalProps) {
  const headingId = useId();
  const [host] = useState(() => document.createElement('div'));
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const dismissible = !isStatic && onDismiss !== undefined;

  useLayoutEffect(() => {
    const opener = document.activeElement;
    // The theme's custom properties apply inside the dialog too (it is rendered outside the page's root).
    host.className = 'utrecht-theme portal-theme portal-modal-host';
    document.body.appendChild(host);
    open.push(host);
    const restore = inertOutside([host, ...Array.from(document.querySelectorAll('[data-modal-keep]'))]);
    document.documentElement.classList.add('portal-modal-open');
    const dialog = dialogRef.current;
    const target = initialFocus?.current ?? (dialog ? tabbables(dialog)[0] : undefined) ?? dialog;
    target?.focus();
    return () => {
      restore();
      open.splice(open.indexOf(host), 1);
      if (open.length === 0) document.documentElement.classList.remove('portal-modal-open');
      host.remove();
      // Back to where the user was; when that is gone (a new page), to the main content.
      if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) opener.focus();
      else focusMain();
    };
    // Opening and closing are the mount and unmount of the dialog; the props are read once.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- see above

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (dismissible) onDismiss('escape');
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const target = wrapTarget(dialogRef.current, document.activeElement, event.shiftKey);
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };

  const onBackdropDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    // Only a click that starts and ends on the backdrop (not a text selection dragged out of the dialog).
    if (dismissible && pressedOnBackdrop.current && event.target === event.currentTarget) onDismiss('backdrop');
    pressedOnBackdrop.current = false;
  };

  return createPortal(
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click beside the dialog is a mouse shortcut; Escape does the same by keyboard
    <div className="portal-modal__backdrop" onMouseDown={onBackdropDown} onClick={onBackdropClick} data-testid="modal-backdrop">
      <div
        ref={dialogRef}
        className={`portal-modal${className ? ` ${className}` : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={headingId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="portal-modal__header">
          <h2 id={headingId} className="utrecht-heading-2 portal-modal__title">
            {title}
          </h2>
          {dismissible && closeLabel ? (
            <Button appearance="subtle-button" className="portal-modal__close" onClick={() => onDismiss('close-button')}>
              {closeLabel}
              <span aria-hidden="true" className="portal-modal__close-icon">
                ×
              </span>
            </Button>
          ) : null}
        </div>
        <div className="portal-modal__body">{children}</div>
      </div>
    </div>,
    host,
  );
}
