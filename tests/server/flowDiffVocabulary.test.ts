/**
 * The Dutch names of the flow format's keywords in the change sentences come from the `title`s in
 * schemas/flow.schema.json: every keyword a describer names has one there, and the few names kept
 * in the vocabulary itself are for what that schema does not describe.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAMES,
  KEYWORD_NAMES,
  TYPE_NAMES,
  keywordSchemas,
  messageKeyword,
  namedKeywords,
  namesOf,
  type Keyword,
  type Part,
} from '../../src/server/beheer/flowDiff/vocabulary';

type Json = Record<string, unknown>;

const schema = JSON.parse(readFileSync(path.join(process.cwd(), 'schemas', 'flow.schema.json'), 'utf8')) as Json;
const definitions = schema.definitions as Record<string, { properties: Record<string, Json> }>;

const titleOf = (description: unknown): unknown => (description as Json).title;

describe('the vocabulary of the change sentences', () => {
  it('has a Dutch title in the flow schema for every keyword the sentences name', () => {
    const problems: string[] = [];
    for (const { part, keyword } of namedKeywords()) {
      const descriptions = keywordSchemas(part, keyword);
      const title = titleOf(descriptions[0]);
      if (descriptions.length === 0) problems.push(`${part}.${keyword}: not described in the schema`);
      else if (typeof title !== 'string' || title === '') problems.push(`${part}.${keyword}: no title`);
      // Written as a sentence starts with it; within a sentence its first letter is made small.
      else if (title[0] !== title[0].toUpperCase()) problems.push(`${part}.${keyword}: '${title}' does not start with a capital`);
      // A keyword described more than once (one per kind of sending) has one name.
      for (const other of descriptions.slice(1)) {
        if (titleOf(other) !== undefined && titleOf(other) !== title)
          problems.push(`${part}.${keyword}: '${String(titleOf(other))}' besides '${String(title)}'`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names each keyword by its title', () => {
    for (const { part, keyword } of namedKeywords()) {
      expect(namesOf(part)[keyword as Keyword<Part>]).toBe(titleOf(keywordSchemas(part, keyword)[0]));
    }
    expect(namesOf('field').maxLength).toBe(definitions.field.properties.maxLength.title);
    expect(namesOf('block').level).toBe(definitions.block.properties.level.title);
    // Within a sentence: small first letter.
    expect(KEYWORD_NAMES.maxLength).toBe('maximale lengte');
    expect(messageKeyword('required')).toBe('verplicht');
    expect(messageKeyword('minItems.files')).toBe('minimaal aantal (bestanden)');
    expect(messageKeyword('format.email')).toBe('formaat (email)');
  });

  it('keeps its own names only for what the flow schema does not describe', () => {
    // The values of a field's type are an enum in the schema, without a name each: all are named here.
    const types = (definitions.field.properties.type.anyOf as { enum?: string[] }[])[0].enum ?? [];
    expect(types.length).toBeGreaterThan(0);
    expect(types.filter((type) => !Object.hasOwn(TYPE_NAMES, type))).toEqual([]);
    // A step's uiSchema takes any object per field: the schema gives the type of the step's own
    // settings (ui:order) but names none of them, so the vocabulary does.
    const settings = Object.values((definitions.step.properties.uiSchema.properties ?? {}) as Record<string, { title?: string }>);
    expect(settings.filter((setting) => setting.title !== undefined)).toEqual([]);
    expect(Object.hasOwn(DISPLAY_NAMES, 'ui:order')).toBe(true);
    // The keys of a field's messages are free: what follows their dot is named by the vocabulary.
    expect(definitions.field.properties['x-messages'].properties).toBeUndefined();
  });
});
