import { describe, expect, it } from 'vitest';
import { hasWidget as usedHasWidget, type RJSFSchema } from '@rjsf/utils';
// rjsf's own, by its file: inside @rjsf/utils it is swapped for the stand-in (vite.config.ts).
import realHasWidget from '../../node_modules/@rjsf/utils/lib/hasWidget.js';
import { widgets } from '../../widgets';
import hasWidget from './hasWidgetShim';

const cases: [string, RJSFSchema, unknown][] = [
  ['a flow format no widget is named after', { type: 'string', format: 'bsn' }, 'bsn'],
  ["a format rjsf maps to one of its widget names ('email')", { type: 'string', format: 'email' }, 'email'],
  ['a registered widget name', { type: 'string' }, 'TextWidget'],
  ['a name on a number', { type: 'number' }, 'updown'],
  ['a name on an object (no widgets for that type)', { type: 'object' }, 'text'],
  ['a type guessed from a value', { const: 3 }, 'text'],
  ['a component', { type: 'string' }, widgets.TextWidget],
];

describe('hasWidget stand-in', () => {
  it.each(cases)('%s: the same answer as rjsf’s, the first time and again', (_label, schema, widget) => {
    const expected = realHasWidget(schema, widget as never, widgets);
    expect(hasWidget(schema, widget, widgets)).toBe(expected);
    expect(hasWidget(schema, widget, widgets)).toBe(expected);
  });

  it('keeps answers per registry', () => {
    expect(hasWidget({ type: 'string' }, 'eigen', {})).toBe(false);
    expect(hasWidget({ type: 'string' }, 'eigen', { eigen: widgets.TextWidget })).toBe(true);
  });

  it('is what @rjsf/utils has in this build', () => {
    expect(usedHasWidget).toBe(hasWidget);
  });
});
