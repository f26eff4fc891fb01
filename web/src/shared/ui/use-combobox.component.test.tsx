import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type KeyboardEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCombobox, type ComboboxOptions } from './use-combobox';

afterEach(cleanup);

const FRUITS = ['Apple', 'Apricot', 'Banana', 'Cherry'];

type Extra = Partial<Omit<ComboboxOptions<string>, 'id' | 'items' | 'onInput'>>;

/** A bare combobox over the hook: the options containing what is typed. */
function Fruit({
  onOuterKeyDown,
  ...extra
}: Extra & { onOuterKeyDown?: (e: KeyboardEvent) => void }) {
  const [text, setText] = useState('');
  const items = FRUITS.filter((f) => f.toLowerCase().includes(text.toLowerCase()));
  const combobox = useCombobox({
    id: 'fruit',
    items,
    onInput: setText,
    ...extra,
    onPick: (item) => {
      setText(item);
      extra.onPick?.(item);
    },
  });
  return (
    // A dialog around it would close on Escape: it must not see the one that closes the list.
    <div onKeyDown={onOuterKeyDown}>
      <input aria-label="Fruit" value={text} {...combobox.inputProps} />
      {combobox.expanded && (
        <ul aria-label="Fruits" {...combobox.listboxProps}>
          {items.length === 0 ? (
            <li role="presentation">No matches found</li>
          ) : (
            items.map((item, i) => (
              <li
                key={item}
                aria-selected={i === combobox.activeIndex}
                {...combobox.optionProps(i)}
              >
                {item}
              </li>
            ))
          )}
        </ul>
      )}
      <button type="button" onClick={() => combobox.focusQuietly(document.querySelector('input'))}>
        Refocus
      </button>
    </div>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Fruit' });
const list = () => screen.queryByRole('listbox', { name: 'Fruits' });
const key = (k: string) => fireEvent.keyDown(input(), { key: k });
/** The option aria-activedescendant points at, by its text. */
const active = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id === null ? null : document.getElementById(id)?.textContent;
};

describe('useCombobox', () => {
  it('opens on focus with no option active, and says so on the input', () => {
    render(<Fruit />);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(list()).toBeNull();
    fireEvent.focus(input());
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-controls')).toBe(list()!.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(FRUITS);
    expect(active()).toBeNull();
  });

  it('moves the active option with the arrows, stopping at the ends', () => {
    render(<Fruit />);
    fireEvent.focus(input());
    key('ArrowDown');
    expect(active()).toBe('Apple');
    expect(screen.getByRole('option', { name: 'Apple' }).hasAttribute('data-active')).toBe(true);
    key('ArrowUp');
    expect(active()).toBe('Apple');
    for (let i = 0; i < 5; i++) key('ArrowDown');
    expect(active()).toBe('Cherry');
    key('ArrowUp');
    expect(active()).toBe('Banana');
  });

  it('ArrowUp from no active option goes to the last', () => {
    render(<Fruit />);
    fireEvent.focus(input());
    key('ArrowUp');
    expect(active()).toBe('Cherry');
  });

  it('Enter picks the active option, closes the list and keeps the key from a form', () => {
    const onPick = vi.fn();
    render(<Fruit onPick={onPick} />);
    fireEvent.focus(input());
    key('ArrowDown');
    key('ArrowDown');
    const enter = fireEvent.keyDown(input(), { key: 'Enter' });
    expect(enter).toBe(false); // default prevented
    expect(onPick).toHaveBeenCalledWith('Apricot');
    expect((input() as HTMLInputElement).value).toBe('Apricot');
    expect(list()).toBeNull();
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('Enter with no active option runs onEnter and lets the key through', () => {
    const onEnter = vi.fn();
    const onPick = vi.fn();
    render(<Fruit onEnter={onEnter} onPick={onPick} />);
    fireEvent.focus(input());
    expect(fireEvent.keyDown(input(), { key: 'Enter' })).toBe(true);
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(onPick).not.toHaveBeenCalled();
    expect(list()).toBeNull();
  });

  it('Escape closes an open list without reaching what is around it; then it passes', () => {
    const outer = vi.fn();
    const onClose = vi.fn();
    render(<Fruit onOuterKeyDown={(e) => e.key === 'Escape' && outer()} onClose={onClose} />);
    fireEvent.focus(input());
    key('ArrowDown');
    expect(fireEvent.keyDown(input(), { key: 'Escape' })).toBe(false);
    expect(list()).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    // The list is closed: this Escape is the dialog's.
    key('Escape');
    expect(outer).toHaveBeenCalledTimes(1);
  });

  it('an arrow key opens a closed list', () => {
    render(<Fruit />);
    fireEvent.focus(input());
    key('Escape');
    expect(list()).toBeNull();
    key('ArrowDown');
    expect(list()).not.toBeNull();
    expect(active()).toBe('Apple');
  });

  it('typing opens the list narrowed, with the first active when asked', () => {
    render(<Fruit activateFirstOnInput />);
    fireEvent.focus(input());
    key('Escape');
    fireEvent.change(input(), { target: { value: 'ap' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Apple', 'Apricot']);
    expect(active()).toBe('Apple');
    fireEvent.change(input(), { target: { value: 'zz' } });
    // Nothing to show: hidden unless the caller says "No matches found".
    expect(list()).toBeNull();
    expect(active()).toBeNull();
  });

  it('shows an empty list when asked, and opens on focus at the given option', () => {
    render(<Fruit showEmpty activeOnFocus={() => 2} />);
    fireEvent.focus(input());
    expect(active()).toBe('Banana');
    fireEvent.change(input(), { target: { value: 'zz' } });
    expect(list()!.textContent).toBe('No matches found');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('a click picks an option; pressing it keeps the focus in the input', () => {
    const onPick = vi.fn();
    render(<Fruit onPick={onPick} />);
    fireEvent.focus(input());
    const cherry = screen.getByRole('option', { name: 'Cherry' });
    expect(fireEvent.mouseDown(cherry)).toBe(false);
    fireEvent.mouseEnter(cherry);
    expect(active()).toBe('Cherry');
    fireEvent.click(cherry);
    expect(onPick).toHaveBeenCalledWith('Cherry');
    expect(list()).toBeNull();
  });

  it('closes when focus leaves, and focusQuietly puts focus back without opening', () => {
    render(<Fruit />);
    // Real focus moves (not only events): what a clear button does to its input.
    const focus = (el: HTMLElement) => act(() => el.focus());
    focus(input());
    expect(list()).not.toBeNull();
    const refocus = screen.getByRole('button', { name: 'Refocus' });
    focus(refocus);
    expect(list()).toBeNull();
    act(() => refocus.click());
    expect(document.activeElement).toBe(input());
    expect(list()).toBeNull();
    // The next focus is a real one again.
    focus(refocus);
    focus(input());
    expect(list()).not.toBeNull();
  });

  it('keeps the list hidden when asked, though open', () => {
    function Exact() {
      const combobox = useCombobox({
        id: 'x',
        items: ['Apple'],
        onPick: () => {},
        onInput: () => {},
        hidden: true,
      });
      return <input aria-label="Fruit" {...combobox.inputProps} />;
    }
    render(<Exact />);
    fireEvent.focus(input());
    key('ArrowDown');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
  });
});
