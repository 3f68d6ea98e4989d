// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateInput } from '../DateInput';
import { Textarea } from '../Textarea';
import { TextInput } from '../TextInput';
import { formContext, renderWidget } from './testProps';
import { createChangeQueue, type ChangeQueue } from './typing';

afterEach(cleanup);

/** A queue whose scheduled run is started by the test. */
function manualQueue(): { queue: ChangeQueue; paint: () => void } {
  let scheduled: (() => void) | undefined;
  const queue = createChangeQueue((run) => {
    scheduled = run;
  });
  return {
    queue,
    paint: () => {
      const run = scheduled;
      scheduled = undefined;
      act(() => run?.());
    },
  };
}

describe('createChangeQueue', () => {
  it('keeps the last report per field and runs them once, after the scheduled moment', () => {
    const { queue, paint } = manualQueue();
    const reports: string[] = [];
    queue.defer('a', () => reports.push('a1'));
    queue.defer('a', () => reports.push('a2'));
    queue.defer('b', () => reports.push('b1'));
    expect(queue.pending()).toBe(true);
    expect(reports).toEqual([]);
    paint();
    expect(reports).toEqual(['a2', 'b1']);
    expect(queue.pending()).toBe(false);
  });

  it('runs one field now, or all of them, and nothing twice', () => {
    const { queue, paint } = manualQueue();
    const reports: string[] = [];
    queue.defer('a', () => reports.push('a'));
    queue.defer('b', () => reports.push('b'));
    queue.run('a');
    expect(reports).toEqual(['a']);
    queue.run('a');
    queue.flush();
    expect(reports).toEqual(['a', 'b']);
    paint();
    expect(reports).toEqual(['a', 'b']);
  });

  it('by default reports after the next frame, or after a timer when no frame comes', () => {
    vi.useFakeTimers();
    try {
      const queue = createChangeQueue();
      const report = vi.fn();
      queue.defer('a', report);
      expect(report).not.toHaveBeenCalled();
      vi.advanceTimersByTime(100);
      expect(report).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1000);
      expect(report).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('typing through the queue', () => {
  it('TextInput shows every key at once and reports the text after the paint', async () => {
    const user = userEvent.setup();
    const { queue, paint } = manualQueue();
    const { onChange, value } = renderWidget(TextInput, { formContext: { ...formContext('nl'), changes: queue } as never });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, 'Jansen');
    expect(input.value).toBe('Jansen');
    expect(onChange).not.toHaveBeenCalled();
    paint();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(value()).toBe('Jansen');
    expect(input.value).toBe('Jansen');
  });

  it('TextInput hands over waiting text before it reports the blur', async () => {
    const user = userEvent.setup();
    const { queue } = manualQueue();
    const { onChange, onBlur, value } = renderWidget(TextInput, { formContext: { ...formContext('nl'), changes: queue } as never });
    await user.type(screen.getByRole('textbox'), ' de Vries ');
    await user.tab();
    expect(value()).toBe('de Vries');
    expect(onChange.mock.calls.map(([text]) => text)).toEqual([' de Vries ', 'de Vries']);
    expect(onChange.mock.invocationCallOrder.at(-1)!).toBeLessThan(onBlur.mock.invocationCallOrder.at(-1)!);
    expect(queue.pending()).toBe(false);
  });

  it('Textarea counts down while typing, before the text is reported', async () => {
    const user = userEvent.setup();
    const { queue, paint } = manualQueue();
    const { onChange, value } = renderWidget(Textarea, {
      schema: { type: 'string', maxLength: 10 },
      formContext: { ...formContext('nl'), changes: queue } as never,
    });
    await user.type(screen.getByRole('textbox'), 'abcd');
    expect(document.getElementById('root_field__counter')?.textContent).toContain('6');
    expect(onChange).not.toHaveBeenCalled();
    paint();
    expect(value()).toBe('abcd');
  });

  it('DateInput masks what is typed at once and reports the masked text', async () => {
    const user = userEvent.setup();
    const { queue, paint } = manualQueue();
    const { value } = renderWidget(DateInput, { formContext: { ...formContext('nl'), changes: queue } as never });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '01021980');
    expect(input.value).toBe('01-02-1980');
    paint();
    expect(value()).toBe('01-02-1980');
  });
});
