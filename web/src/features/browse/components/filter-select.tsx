import { useId, useMemo, useRef, useState } from 'react';
import { useCombobox } from '../../../shared/ui/use-combobox';
import { matchOptions } from '../api/suggestions';

export interface FilterSelectProps<T extends string | number> {
  label: string;
  placeholder: string;
  options: readonly T[];
  value: T | null;
  onChange: (value: T | null) => void;
  /** Until the app has taken the prerendered page over. */
  disabled?: boolean;
}

/**
 * A searchable dropdown (a combobox, shared/ui/use-combobox.ts): typing narrows the options, a
 * click or Enter picks one, the clear button (x) removes the filter, "No matches found" when
 * nothing matches. While the list is open the box shows what is typed, otherwise the choice.
 */
export function FilterSelect<T extends string | number>({
  label,
  placeholder,
  options,
  value,
  onChange,
  disabled,
}: FilterSelectProps<T>) {
  const id = useId();
  const inputId = `${id}-input`;
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const matches = useMemo(() => matchOptions(options, typed), [options, typed]);
  const selectedLabel = value === null ? '' : String(value);
  const combobox = useCombobox({
    id,
    items: matches,
    onPick: onChange,
    onInput: setTyped,
    onClose: () => setTyped(''),
    // Opens on the current choice, so Enter keeps it.
    activeOnFocus: () => Math.max(0, value === null ? 0 : options.indexOf(value)),
    activateFirstOnInput: true,
    showEmpty: true,
  });

  return (
    <div className="nn-browse__filter" data-filter={label}>
      <label className="nn-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="nn-browse__field">
        <input
          ref={input}
          id={inputId}
          type="text"
          className="nn-input"
          data-clearable={value === null ? undefined : ''}
          placeholder={selectedLabel || placeholder}
          value={combobox.expanded ? typed : selectedLabel}
          disabled={disabled}
          {...combobox.inputProps}
        />
        {value !== null && (
          <button
            type="button"
            className="nn-browse__clear"
            aria-label={`Clear ${label}`}
            disabled={disabled}
            // Keep focus where it is: clearing must not open the list.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              onChange(null);
              combobox.close();
              // The button goes with the value: focus returns to the input, not to the page.
              combobox.focusQuietly(input.current);
            }}
          >
            ×
          </button>
        )}
      </div>
      {combobox.expanded && (
        <ul className="nn-browse__popup" aria-label={label} {...combobox.listboxProps}>
          {matches.length === 0 ? (
            <li role="presentation" className="nn-browse__no-match">
              No matches found
            </li>
          ) : (
            matches.map((option, i) => (
              <li
                key={String(option)}
                className="nn-browse__option"
                aria-selected={option === value}
                {...combobox.optionProps(i)}
              >
                {String(option)}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
