/**
 * What a widget reports when its field is emptied: the flow's `ui:emptyValue` where it gives one (as
 * rjsf's own widgets do: rjsf hands it to the widget as `options.emptyValue`), else nothing.
 */
export function orEmpty<T>(value: T | undefined, options: { emptyValue?: unknown }): T | undefined {
  return value === undefined ? (options.emptyValue as T | undefined) : value;
}
