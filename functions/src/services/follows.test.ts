/**
 * The follow fan-out's pure parts: task ids (what makes a duplicate enqueue a no-op) and the
 * check of a task's payload. The fan-out itself, and which chains an approval starts, run on the
 * stack (triggers/follows.stack.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { taskId, toFanoutTask, type FanoutTask } from './follows.js';

const task: FanoutTask = { noteId: 'n1', kind: 'course', after: null, run: 'r1' };

describe('follow fan-out tasks', () => {
  it('name a page the same every time, and every other page differently', () => {
    expect(taskId(task)).toBe(taskId({ ...task }));
    expect(taskId(task)).toMatch(/^[A-Za-z0-9_-]{1,500}$/);
    const others = [
      { ...task, noteId: 'n2' },
      { ...task, kind: 'subject' as const },
      { ...task, run: 'r2' },
      { ...task, after: 'users/u1/follows/course_X' },
    ];
    expect(new Set([task, ...others].map(taskId)).size).toBe(5);
  });

  it('accept a well-formed payload only', () => {
    expect(toFanoutTask(task)).toEqual(task);
    expect(toFanoutTask({ ...task, after: 'users/u/follows/k' })).toEqual({
      ...task,
      after: 'users/u/follows/k',
    });
    for (const bad of [
      null,
      'x',
      { ...task, noteId: '' },
      { ...task, kind: 'semester' },
      { ...task, after: 3 },
      { ...task, run: undefined },
    ])
      expect(toFanoutTask(bad)).toBeNull();
  });
});
