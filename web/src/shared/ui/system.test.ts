import { describe, expect, it } from 'vitest';
import { getSystem } from './system';

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
});
