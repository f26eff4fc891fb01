import { Box } from '@chakra-ui/react';
import { useId, useState, type KeyboardEvent } from 'react';
import { PopupList, PopupOption, TextInput } from '../../../shared/ui/form-controls';

export const SEARCH_PLACEHOLDER = 'Search for notes, subjects, or courses...';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was picked: search for it right away. */
  onApply: (value: string) => void;
  suggestions: readonly string[];
}

/**
 * The search box with its suggestions dropdown (ARIA combobox): shown while the box has focus and
 * there are suggestions (the caller computes them: 2+ characters, at most 5). Clicking one, or
 * Enter on the highlighted one, applies it.
 */
export function SearchBox({ value, onChange, onApply, suggestions }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const open = focused && !dismissed && suggestions.length > 0;

  const apply = (s: string) => {
    setDismissed(true);
    setActive(-1);
    onApply(s);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!open) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), suggestions.length - 1));
    } else if (e.key === 'Enter') {
      const s = open ? suggestions[active] : undefined;
      if (s !== undefined) {
        e.preventDefault();
        apply(s);
      } else {
        // Search now rather than after the typing pause.
        setDismissed(true);
        onApply(value);
      }
    } else if (e.key === 'Escape') {
      setDismissed(true);
    }
  };

  return (
    <Box position="relative" flex="1" minW="0">
      <TextInput
        type="search"
        role="combobox"
        aria-label="Search notes"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${id}-s-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={SEARCH_PLACEHOLDER}
        value={value}
        minHeight="11"
        fontSize="md"
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => {
          setFocused(false);
          setActive(-1);
        }}
        onChange={(e) => {
          onChange(e.target.value);
          setDismissed(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <PopupList id={listId} role="listbox" aria-label="Suggestions">
          {suggestions.map((s, i) => (
            <PopupOption
              key={s}
              id={`${id}-s-${i}`}
              role="option"
              aria-selected={i === active}
              data-active={i === active ? '' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => apply(s)}
            >
              {s}
            </PopupOption>
          ))}
        </PopupList>
      )}
    </Box>
  );
}
