// Text typed into a field is shown at once and handed to the form just after the browser painted
// it. A key press then costs one small render of the field; the form's own work (its state, the
// flow's rules, messages that go away) follows once the character is on screen. Whoever reads the
// form's data first hands over what is still waiting (`flush`); a field does so when it loses focus.
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Registry } from '@rjsf/utils';

/** Reports of typed text waiting to reach the form, one per field. */
export interface ChangeQueue {
  /** Queues `report` for the field `key` (replacing one still waiting) and runs it after the next paint. */
  defer: (key: string, report: () => void) => void;
  /** Runs the report waiting for `key`, if any, now. */
  run: (key: string) => void;
  /** Runs every waiting report now. */
  flush: () => void;
  pending: () => boolean;
}

/**
 * Calls `run` once the browser has painted the next frame: a task queued from the frame's animation
 * callback. A tab in the background paints no frames, so a timer runs it there.
 */
export function afterNextPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

/** Reports run inside `flushSync`, so whoever flushes reads the form's data with them applied. */
export function createChangeQueue(schedule: (run: () => void) => void = afterNextPaint): ChangeQueue {
  const waiting = new Map<string, () => void>();
  let scheduled = false;
  const runAll = (reports: (() => void)[]) => {
    if (reports.length > 0) flushSync(() => reports.forEach((report) => report()));
  };
  const flush = () => {
    const reports = [...waiting.values()];
    waiting.clear();
    runAll(reports);
  };
  return {
    defer(key, report) {
      waiting.set(key, report);
      if (scheduled) return;
      scheduled = true;
      schedule(() => {
        scheduled = false;
        flush();
      });
    },
    run(key) {
      const report = waiting.get(key);
      if (!report) return;
      waiting.delete(key);
      runAll([report]);
    },
    flush,
    pending: () => waiting.size > 0,
  };
}

/** The queue the renderer passes in rjsf's formContext as `changes`; none when a widget stands alone. */
export function changeQueueOf(registry: Registry | undefined): ChangeQueue | undefined {
  return (registry?.formContext as { changes?: ChangeQueue } | undefined)?.changes;
}

export interface Typing {
  /** What the field shows: the typed text while its report waits, else `fromValue`. */
  shown: (fromValue: string) => string;
  /** Shows `text` at once and reports it with `report` after the next paint (at once without a queue). */
  type: (text: string, report: () => void) => void;
  /** Hands over the field's waiting text now; call it first when the field loses focus. */
  settle: () => void;
}

/** Typing into one text field (`id`) through the renderer's change queue. */
export function useTyping(registry: Registry | undefined, id: string): Typing {
  const queue = changeQueueOf(registry);
  const [text, setText] = useState<string | undefined>(undefined);
  const waiting = useRef(false);
  return {
    shown: (fromValue) => (waiting.current && text !== undefined ? text : fromValue),
    type(typed, report) {
      if (!queue) {
        report();
        return;
      }
      waiting.current = true;
      setText(typed);
      queue.defer(id, () => {
        waiting.current = false;
        report();
      });
    },
    settle: () => queue?.run(id),
  };
}
