/** A checkbox per back-office role (in the pages' order), for a new account and for changing one. */
import type { RefObject } from 'react';
import { ROLES, type Role } from '../api';

export interface RoleCheckboxesProps {
  /** Prefix of the checkboxes' ids (unique on the page). */
  idPrefix: string;
  roles: Role[];
  onChange: (roles: Role[]) => void;
  /** Say what each role may do after its name. */
  withHints?: boolean;
  /** Receives the first checkbox (focused when the roles are missing). */
  firstRef?: RefObject<HTMLInputElement | null>;
}

export function RoleCheckboxes({ idPrefix, roles, onChange, withHints = false, firstRef }: RoleCheckboxesProps) {
  return ROLES.map((entry, index) => (
    <div key={entry.role} className="utrecht-form-field utrecht-form-field--checkbox">
      <input
        ref={index === 0 ? firstRef : undefined}
        id={`${idPrefix}-${entry.role}`}
        type="checkbox"
        className="utrecht-checkbox utrecht-checkbox--html-input"
        checked={roles.includes(entry.role)}
        onChange={(event) => onChange(event.target.checked ? [...roles, entry.role] : roles.filter((role) => role !== entry.role))}
      />{' '}
      <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={`${idPrefix}-${entry.role}`}>
        {withHints ? `${entry.label} (${entry.hint})` : entry.label}
      </label>
    </div>
  ));
}
