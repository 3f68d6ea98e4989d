/** The option shapes of the grouped select, and how to tell a group from a single option. */

/** One choice: the value reported and the text shown. */
export interface SelectOption {
  value: string;
  label: string;
}

/** A titled group of choices, shown as an `<optgroup>`. */
export interface SelectOptionGroup {
  group: string;
  options: SelectOption[];
}

/** True when `entry` is a group rather than a single option. */
export function isOptionGroup(entry: SelectOption | SelectOptionGroup): entry is SelectOptionGroup {
  return 'group' in entry;
}
