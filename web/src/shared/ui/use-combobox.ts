import {
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react';

/**
 * The keyboard and ARIA logic of an editable combobox with a listbox popup (ARIA 1.2, the APG's
 * "list autocomplete" pattern), once for the app's three: Browse's search box and filters, the
 * upload form's Course. It renders nothing and knows no styling system: it returns the state and
 * the props to spread on the input, the list and each option, so a plain page and a Chakra form
 * render the same behaviour with their own elements.
 *
 * - The list opens on focus, a click or typing, and when an arrow key is pressed while closed.
 * - Arrow keys move the active option (aria-activedescendant: focus stays in the input), stopping
 *   at the list's ends; ArrowDown from none is the first, ArrowUp from none the last.
 * - Enter picks the active option; with none, `onEnter` runs (the search box searches at once)
 *   and the form, if any, submits as usual.
 * - Escape closes an open list, and only that: a sheet or dialog around the input stays open.
 * - A click picks an option; pressing it does not blur the input first.
 */
export interface ComboboxOptions<T> {
  /** Unique prefix of the listbox's and the options' ids (useId(), or the input's own id). */
  id: string;
  /** The options the list shows now (the caller narrows them by what is typed). */
  items: readonly T[];
  /** An option was picked (a click, or Enter on the active one). The list closes. */
  onPick: (item: T) => void;
  /** The input's text changed. The list opens. */
  onInput: (text: string) => void;
  /** Enter with no active option. */
  onEnter?: () => void;
  /** The list closed (a pick, Escape, focus left): the filter forgets what was typed. */
  onClose?: () => void;
  /** The option active when the list opens on focus (the selected one); -1 (none) by default. */
  activeOnFocus?: () => number;
  /** After typing, the first option is active (Enter picks it) rather than none. */
  activateFirstOnInput?: boolean;
  /** Show the list open with no options (to say "No matches found"); hidden by default. */
  showEmpty?: boolean;
  /** Keep the list hidden although open (the course input: the text already is the one match). */
  hidden?: boolean;
}

export interface ComboboxInputProps {
  role: 'combobox';
  'aria-autocomplete': 'list';
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-activedescendant': string | undefined;
  autoComplete: 'off';
  onFocus: () => void;
  onBlur: () => void;
  onClick: () => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

export interface ComboboxOptionProps {
  id: string;
  role: 'option';
  'data-active': '' | undefined;
  onMouseDown: (event: ReactMouseEvent) => void;
  onMouseEnter: () => void;
  onClick: () => void;
}

export interface Combobox {
  /** The list is shown (aria-expanded). */
  expanded: boolean;
  /** The active option's index in `items`, -1 for none. */
  activeIndex: number;
  inputProps: ComboboxInputProps;
  listboxProps: { id: string; role: 'listbox' };
  /** Props of the option at `index` (aria-selected is the caller's: what "selected" means varies). */
  optionProps: (index: number) => ComboboxOptionProps;
  /** Closes the list (as Escape does). */
  close: () => void;
  /**
   * Focuses `input` without opening the list: a clear button hands focus back to its input, and
   * that is not a request for the options.
   */
  focusQuietly: (input: HTMLInputElement | null) => void;
}

export function useCombobox<T>({
  id,
  items,
  onPick,
  onInput,
  onEnter,
  onClose,
  activeOnFocus,
  activateFirstOnInput = false,
  showEmpty = false,
  hidden = false,
}: ComboboxOptions<T>): Combobox {
  const listId = `${id}-listbox`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const quietFocus = useRef(false);
  const expanded = open && !hidden && (showEmpty || items.length > 0);
  // The index may point past a list that has since narrowed.
  const activeIndex = expanded && active < items.length ? active : -1;
  const optionId = (index: number) => `${listId}-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
    onClose?.();
  };

  const pick = (item: T) => {
    onPick(item);
    setOpen(false);
    setActive(-1);
    onClose?.();
  };

  const move = (step: 1 | -1) => {
    const last = items.length - 1;
    if (last < 0) return;
    setActive(
      activeIndex < 0 ? (step > 0 ? 0 : last) : Math.min(Math.max(activeIndex + step, 0), last),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          // Opens where it would on focus (the selected option), or moves in from an end.
          setOpen(true);
          if (active >= 0 && active < items.length) return;
        }
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      }
      case 'Enter': {
        const item = activeIndex >= 0 ? items[activeIndex] : undefined;
        if (item !== undefined) {
          // Picking an option, not submitting a form.
          event.preventDefault();
          pick(item);
        } else {
          onEnter?.();
          if (open) close();
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          // Only the list closes: not a dialog or sheet the input is in.
          event.preventDefault();
          event.stopPropagation();
        }
        if (open) close();
        break;
    }
  };

  return {
    expanded,
    activeIndex,
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': expanded,
      'aria-controls': listId,
      'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
      autoComplete: 'off',
      onFocus: () => {
        if (quietFocus.current) {
          quietFocus.current = false;
          return;
        }
        setOpen(true);
        setActive(activeOnFocus?.() ?? -1);
      },
      onBlur: () => {
        if (open) close();
        else setActive(-1);
      },
      onClick: () => setOpen(true),
      onChange: (event) => {
        onInput(event.target.value);
        setOpen(true);
        setActive(activateFirstOnInput ? 0 : -1);
      },
      onKeyDown,
    },
    listboxProps: { id: listId, role: 'listbox' },
    optionProps: (index) => ({
      id: optionId(index),
      role: 'option',
      'data-active': index === activeIndex ? '' : undefined,
      // mousedown would blur the input (closing the list) before the click lands.
      onMouseDown: (event) => event.preventDefault(),
      onMouseEnter: () => setActive(index),
      onClick: () => {
        const item = items[index];
        if (item !== undefined) pick(item);
      },
    }),
    close,
    focusQuietly: (input) => {
      if (!input) return;
      quietFocus.current = true;
      input.focus();
      quietFocus.current = false;
    },
  };
}
