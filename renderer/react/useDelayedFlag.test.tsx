// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedFlag } from './useDelayedFlag';

describe('useDelayedFlag (the wizard spinner appears only after 300 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays false for a step approval shorter than the delay', () => {
    const { result, rerender } = renderHook(({ busy }) => useDelayedFlag(busy, 300), { initialProps: { busy: true } });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe(false);
    rerender({ busy: false });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
  });

  it('turns true after 300 ms of waiting and false again when done', () => {
    const { result, rerender } = renderHook(({ busy }) => useDelayedFlag(busy, 300), { initialProps: { busy: true } });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe(true);
    rerender({ busy: false });
    expect(result.current).toBe(false);
  });
});
