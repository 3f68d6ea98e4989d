import { describe, expect, it } from 'vitest';
import { advanceUpload, finishUpload, percent, startUpload } from '../../renderer/browser/uploadProgress';

const files = [
  { name: 'a.pdf', size: 1000 },
  { name: 'b.pdf', size: 3000 },
];

describe('upload progress', () => {
  it('computes percent as value × 100 / max, rounded, and 0 without a max', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(5, 0)).toBe(0);
  });

  it('starts with every item ready', () => {
    expect(startUpload(files).items.map((item) => item.state)).toEqual(['ready', 'ready']);
  });

  it('counts the request parts before the files, then one file at a time', () => {
    const start = startUpload(files);
    // 500 bytes of text fields and part headers come first.
    const total = 4500;
    expect(advanceUpload(start, 400, total).items.map((item) => [item.state, item.sent])).toEqual([
      ['uploading', 0],
      ['ready', 0],
    ]);
    expect(advanceUpload(start, 1000, total).items.map((item) => [item.state, item.sent])).toEqual([
      ['uploading', 500],
      ['ready', 0],
    ]);
    const halfway = advanceUpload(start, 2500, total);
    expect(halfway.items.map((item) => [item.state, item.sent])).toEqual([
      ['uploaded', 1000],
      ['uploading', 1000],
    ]);
    expect(halfway.phase).toBe('sending');
    const sent = advanceUpload(start, total, total);
    expect(sent.items.map((item) => item.state)).toEqual(['uploaded', 'uploaded']);
    expect(sent.phase).toBe('waiting');
  });

  it('gives every item the outcome of the request: nothing is stored unless all is', () => {
    const halfway = advanceUpload(startUpload(files), 2500, 4500);
    expect(finishUpload(halfway, 'cancelled').items.map((item) => item.state)).toEqual(['cancelled', 'cancelled']);
    expect(finishUpload(halfway, 'error').items.map((item) => item.state)).toEqual(['error', 'error']);
    // A file whose bytes had all gone out is not stored either: it reads 'Geannuleerd' at 0%, never 100%.
    expect(finishUpload(halfway, 'cancelled').items.map((item) => item.sent)).toEqual([0, 0]);
    expect(finishUpload(halfway, 'error').items.map((item) => item.sent)).toEqual([0, 0]);
    const done = finishUpload(halfway, 'done');
    expect(done.items.map((item) => [item.state, item.sent])).toEqual([
      ['uploaded', 1000],
      ['uploaded', 3000],
    ]);
    expect(done.phase).toBe('done');
  });
});
