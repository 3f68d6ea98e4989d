import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../renderer/browser/loadOnce';

describe('loadOnce', () => {
  it('runs the load once for every caller', async () => {
    const load = vi.fn(() => Promise.resolve('code'));
    const get = loadOnce(load);
    expect(await Promise.all([get(), get()])).toEqual(['code', 'code']);
    expect(await get()).toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a load that failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('verbinding weg')).mockResolvedValueOnce('code');
    const get = loadOnce(load as () => Promise<string>);
    await expect(get()).rejects.toThrow('verbinding weg');
    expect(await get()).toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
