import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Alert } from './alert';

afterEach(cleanup);

describe('Alert', () => {
  it('shows a failed action as a red line, a live region that may wait empty', () => {
    const { rerender } = render(<Alert className="nn-auth__message">{null}</Alert>);
    const region = screen.getByRole('alert');
    expect(region.tagName).toBe('P');
    expect(region.className).toBe('nn-alert nn-auth__message');
    expect(region.textContent).toBe('');
    rerender(<Alert className="nn-auth__message">Wrong password</Alert>);
    // The same element: the message arrives in the region already there.
    expect(screen.getByRole('alert')).toBe(region);
    expect(region.textContent).toBe('Wrong password');
  });

  it("shows the spec's red box", () => {
    render(<Alert variant="box">Email already in use</Alert>);
    const box = screen.getByRole('alert');
    expect(box.tagName).toBe('DIV');
    expect(box.className).toBe('nn-alert nn-alert--box');
  });

  it('stands in for a screen: its heading (level as asked), then the children', () => {
    render(
      <Alert variant="screen" title="Something went wrong" heading="h2" data-testid="failed">
        <button type="button">Try Again</button>
      </Alert>,
    );
    const screenAlert = screen.getByRole('alert');
    expect(screenAlert.className).toBe('nn-state');
    expect(screenAlert.getAttribute('data-testid')).toBe('failed');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Something went wrong');
    expect(screenAlert.lastElementChild!.textContent).toBe('Try Again');
  });
});
