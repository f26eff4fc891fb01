import { Box, chakra } from '@chakra-ui/react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { matchOptions } from '../api/suggestions';
import { FieldLabel, PopupList, PopupOption, TextInput } from '../../../shared/ui/form-controls';

export interface FilterSelectProps<T extends string | number> {
  label: string;
  placeholder: string;
  options: readonly T[];
  value: T | null;
  onChange: (value: T | null) => void;
}

const ClearButton = chakra('button', {
  base: {
    position: 'absolute',
    insetEnd: '1',
    top: '50%',
    transform: 'translateY(-50%)',
    w: '8',
    h: '8',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    rounded: 'md',
    color: 'gray.600',
    fontSize: 'lg',
    cursor: 'pointer',
    _hover: { bg: 'gray.100', color: 'gray.900' },
    _focusVisible: { outline: '2px solid', outlineColor: 'teal.700' },
  },
});

/**
 * A searchable dropdown (ARIA combobox with a listbox popup): typing narrows the options, a click
 * or Enter picks one, the clear button (x) removes the filter, "No matches found" when nothing
 * matches. Chakra's Combobox would bring its state machine and slot recipe for the same result.
 */
export function FilterSelect<T extends string | number>({
  label,
  placeholder,
  options,
  value,
  onChange,
}: FilterSelectProps<T>) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  // Focus handed back to the input by the clear button: not a request to open the list.
  const quietFocus = useRef(false);
  const matches = useMemo(() => matchOptions(options, typed), [options, typed]);
  const selectedLabel = value === null ? '' : String(value);

  const pick = (option: T | null) => {
    onChange(option);
    setOpen(false);
    setTyped('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(matches.length - 1, 0)));
    } else if (e.key === 'Enter') {
      if (open && matches[active] !== undefined) {
        e.preventDefault();
        pick(matches[active]);
      }
    } else if (e.key === 'Escape') {
      setOpen(false);
      setTyped('');
    }
  };

  return (
    <Box position="relative" data-filter={label}>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <Box position="relative">
        <TextInput
          ref={input}
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={
            open && matches[active] !== undefined ? `${id}-opt-${active}` : undefined
          }
          placeholder={selectedLabel || placeholder}
          value={open ? typed : selectedLabel}
          pe={value === null ? '3' : '10'}
          onFocus={() => {
            if (quietFocus.current) {
              quietFocus.current = false;
              return;
            }
            setOpen(true);
            setTyped('');
            setActive(Math.max(0, value === null ? 0 : options.indexOf(value)));
          }}
          onBlur={() => {
            setOpen(false);
            setTyped('');
          }}
          onClick={() => setOpen(true)}
          onChange={(e) => {
            setTyped(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        {value !== null && (
          <ClearButton
            type="button"
            aria-label={`Clear ${label}`}
            // Keep focus where it is: clearing must not open the list.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              pick(null);
              // The button goes with the value: focus returns to the input, not to the page.
              quietFocus.current = true;
              input.current?.focus();
              quietFocus.current = false;
            }}
          >
            ×
          </ClearButton>
        )}
      </Box>
      {open && (
        <PopupList id={listId} role="listbox" aria-label={label}>
          {matches.length === 0 ? (
            <Box as="li" role="presentation" px="3" py="2" fontSize="sm" color="gray.600">
              No matches found
            </Box>
          ) : (
            matches.map((option, i) => (
              <PopupOption
                key={String(option)}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={option === value}
                data-active={i === active ? '' : undefined}
                // mousedown would blur the input (closing the list) before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(option)}
              >
                {String(option)}
              </PopupOption>
            ))
          )}
        </PopupList>
      )}
    </Box>
  );
}
