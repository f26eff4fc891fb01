import { useId } from 'react';
import { useCombobox } from '../../../shared/ui/use-combobox';

export const SEARCH_PLACEHOLDER = 'Search for notes, subjects, or courses...';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Search for `value` now: a picked suggestion, or Enter. */
  onApply: (value: string) => void;
  suggestions: readonly string[];
  /** Until the app has taken the prerendered page over (typing would be lost). */
  disabled?: boolean;
}

/**
 * The search box with its suggestions dropdown (a combobox, shared/ui/use-combobox.ts): shown
 * while the box has focus and there are suggestions (the caller computes them: 2+ characters, at
 * most 5). Clicking one, or Enter on the highlighted one, applies it; Enter on none searches now
 * rather than after the typing pause.
 */
export function SearchBox({ value, onChange, onApply, suggestions, disabled }: SearchBoxProps) {
  const combobox = useCombobox({
    id: useId(),
    items: suggestions,
    onPick: onApply,
    onInput: onChange,
    onEnter: () => onApply(value),
  });

  return (
    <div className="nn-browse__search">
      <input
        type="search"
        className="nn-input nn-browse__search-input"
        aria-label="Search notes"
        enterKeyHint="search"
        placeholder={SEARCH_PLACEHOLDER}
        value={value}
        disabled={disabled}
        {...combobox.inputProps}
      />
      {combobox.expanded && (
        <ul className="nn-browse__popup" aria-label="Suggestions" {...combobox.listboxProps}>
          {suggestions.map((s, i) => (
            <li
              key={s}
              className="nn-browse__option"
              aria-selected={i === combobox.activeIndex}
              {...combobox.optionProps(i)}
            >
              {s}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
