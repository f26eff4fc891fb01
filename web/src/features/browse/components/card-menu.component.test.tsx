import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardMenu } from './card-menu';

afterEach(cleanup);

function renderMenu(chosen: string[]) {
  return render(
    <CardMenu
      label="More actions for Optics"
      items={[
        { label: 'Report', onSelect: () => chosen.push('Report') },
        { label: 'Copy link', onSelect: () => chosen.push('Copy link') },
      ]}
    />,
  );
}

describe('CardMenu', () => {
  it('opens on the button with focus on the first item; arrows move; choosing closes to the button', () => {
    const chosen: string[] = [];
    renderMenu(chosen);
    const button = screen.getByRole('button', { name: 'More actions for Optics' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Report', 'Copy link']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    act(() => items[0]!.click());
    expect(chosen).toEqual(['Report']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Escape closes it and gives focus back; a press elsewhere closes it', () => {
    const chosen: string[] = [];
    renderMenu(chosen);
    const button = screen.getByRole('button', { name: 'More actions for Optics' });
    act(() => button.click());
    fireEvent.keyDown(screen.getAllByRole('menuitem')[0]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    act(() => button.click());
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(chosen).toEqual([]);
  });
});
