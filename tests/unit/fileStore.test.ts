// The in-memory fallback (no IndexedDB in Node/jsdom); the IndexedDB path is the same API.
import { describe, expect, it } from 'vitest';
import { clearFiles, clearTabFiles, getFile, putFile, removeFile } from '../../renderer/browser/fileStore';

describe('fileStore', () => {
  it('stores, returns and removes files', async () => {
    const id = await putFile(new File(['hallo'], 'groet.txt', { type: 'text/plain' }));
    const file = await getFile(id);
    expect(file).toBeInstanceOf(File);
    expect(file!.name).toBe('groet.txt');
    expect(file!.type).toBe('text/plain');
    expect(await file!.text()).toBe('hallo');
    await removeFile(id);
    expect(await getFile(id)).toBeUndefined();
  });

  it('accepts a named Blob and clears several at once', async () => {
    const blob = Object.assign(new Blob(['x']), { name: 'blob.bin' });
    const ids = [await putFile(blob), await putFile(new File(['y'], 'y.txt'))];
    expect(new Set(ids).size).toBe(2);
    expect((await getFile(ids[0]))!.name).toBe('blob.bin');
    await clearFiles(ids);
    expect(await getFile(ids[0])).toBeUndefined();
    expect(await getFile(ids[1])).toBeUndefined();
    await expect(removeFile('unknown')).resolves.toBeUndefined();
  });

  it('clears every file of this tab at once', async () => {
    const ids = [await putFile(new File(['a'], 'a.txt')), await putFile(new File(['b'], 'b.pdf'))];
    await clearTabFiles();
    for (const id of ids) expect(await getFile(id)).toBeUndefined();
  });
});
