import { describe, expect, it } from 'vitest';
import { createSystemInTasks, getSystem } from './system';

const system = getSystem();

describe('chakra system', () => {
  it('holds only the recipes the app renders, not the whole default theme', () => {
    expect(Object.keys(system._config.theme?.recipes ?? {}).sort()).toEqual([
      'badge',
      'button',
      'container',
      'heading',
      'input',
      'link',
      'spinner',
    ]);
    expect(system._config.theme?.slotRecipes ?? {}).toEqual({});
  });

  it('keeps the default tokens the recipes refer to', () => {
    expect(system.token('colors.teal.600')).toBeTruthy();
    expect(system.token('spacing.4')).toBeTruthy();
  });

  it('styles a disabled button and input as the default theme does (the `disabled` layer style)', () => {
    expect(system.css({ layerStyle: 'disabled' })).toMatchObject({
      opacity: '0.5',
      cursor: 'not-allowed',
    });
  });
});

describe('createSystemInTasks', () => {
  it('makes the one system getSystem returns, once, however many ask', async () => {
    const [a, b] = await Promise.all([createSystemInTasks(), createSystemInTasks()]);
    expect(a).toBe(b);
    expect(a).toBe(getSystem());
    expect(await createSystemInTasks()).toBe(a);
  });
});
