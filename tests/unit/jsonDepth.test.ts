/**
 * Walks of what a client sends are bounded: the depth check reads JSON text in one pass, the
 * character checks walk any depth with their own stack (no stack overflow, the same path a walk
 * in document order reports), and the flow pipeline refuses a definition nested too deeply with
 * a finding instead of failing in its parser.
 */
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../src/shared/jsonDepth';
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { parseJson } from '../../src/server/flows/pipeline/parse';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { controlCharactersAt, invisibleCharactersAt } from '../../src/server/security/text';

/** `inner` inside `depth` arrays, built without recursion. */
function nestedArrays(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets in strings', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    // An escaped quote does not end the string.
    expect(nestsDeeperThan(JSON.stringify({ text: '"[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: '\\' }) + '[[', 1)).toBe(true);
  });

  it('finds the attack of 5000 levels and lets the limit itself through', () => {
    expect(nestsDeeperThan('['.repeat(5000) + ']'.repeat(5000))).toBe(true);
    expect(nestsDeeperThan('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
  });
});

describe('the character checks walk any depth', () => {
  it('find a control character 100000 levels down, with its path', () => {
    const deep = nestedArrays(100_000, 'a\u0000b');
    expect(controlCharactersAt(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
    expect(controlCharactersAt(nestedArrays(100_000, 'schoon'))).toBeUndefined();
  });

  it('find an invisible character 100000 levels down, and skip what multiLine accepts', () => {
    const deep = { naam: nestedArrays(100_000, 'evil\u202Eexe.pdf') };
    expect(invisibleCharactersAt(deep, () => false)).toMatch(/^naam(\.0){100000}$/);
    expect(invisibleCharactersAt(deep, (path) => path[0] === 'naam')).toBeUndefined();
  });

  it('report the first string in document order, keys before their values', () => {
    expect(controlCharactersAt({ a: ['ok', { b: 'x\u0001' }], c: 'y\u0002' })).toBe('a.1.b');
    expect(controlCharactersAt({ a: { 'k\u0003': 'ok' }, b: 'z\u0004' })).toBe('a');
    expect(controlCharactersAt({ a: 'ok', 'k\u0003': 'x\u0001' })).toBe('');
    expect(controlCharactersAt('top\u0000')).toBe('');
    expect(controlCharactersAt({ a: [1, true, null, 'ok'] })).toBeUndefined();
  });
});

describe('the flow pipeline and deep nesting', () => {
  it('refuses a definition nested deeper than the limit with a finding, before parsing it', () => {
    const text = '{"id":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}';
    const parsed = parseJson('flows/diep.flow.json', text);
    expect('problems' in parsed && parsed.problems.map((problem) => problem.message)).toEqual([
      `De tekst is dieper genest dan ${MAX_JSON_DEPTH} niveaus; een flow heeft er nooit zoveel nodig.`,
    ]);
    const compile = createPipeline(loadPipelineSources(process.cwd()));
    const input = flowInputs(process.cwd())[0];
    const result = compile({ ...input, text });
    expect(result.ok).toBe(false);
  });
});
