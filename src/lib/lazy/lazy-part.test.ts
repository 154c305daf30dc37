import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

describe('lazyPart', () => {
  it('imports once however often it is asked, and remembers the module', async () => {
    const importer = vi.fn(() => Promise.resolve({ value: 1 }));
    const part = lazyPart(importer);
    expect(part.current()).toBeNull();
    const [a, b] = await Promise.all([part.load(), part.load()]);
    expect(a).toBe(b);
    expect(part.current()).toBe(a);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed import', async () => {
    const importer = vi
      .fn<() => Promise<{ value: number }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ value: 2 });
    const part = lazyPart(importer);
    await expect(part.load()).rejects.toThrow('offline');
    expect(part.current()).toBeNull();
    await expect(part.load()).resolves.toEqual({ value: 2 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
