import { describe, expect, it } from 'vitest';
import { omitExtraData as usedOmitExtraData } from '@rjsf/utils';
// The real module, by its file: inside @rjsf/utils it is swapped for the stand-in (vite.config.ts).
import { isValueEmpty as realIsValueEmpty } from '../../node_modules/@rjsf/utils/lib/schema/omitExtraData.js';
import omitExtraData, { isValueEmpty } from './omitExtraDataShim';

describe('omitExtraData stand-in', () => {
  it("keeps rjsf's isValueEmpty", () => {
    const values = [undefined, null, '', 0, false, 'a', [], [1], {}, { a: '' }, { a: { b: [] } }, { a: 0 }, new Date(0), new File(['x'], 'a.txt')];
    for (const value of values) expect(isValueEmpty(value), String(JSON.stringify(value))).toBe(realIsValueEmpty(value));
  });

  it('is what @rjsf/utils has in this build, and says so when a form would omit data', () => {
    expect(usedOmitExtraData).toBe(omitExtraData);
    expect(() => usedOmitExtraData({} as never, {}, {}, {})).toThrow(/not part of the portal/);
  });
});
