import { Box } from '@chakra-ui/react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { filterCourses } from '@notenest/shared';
import { PopupList, PopupOption, TextInput } from '../../../shared/ui/form-controls';

export interface CourseInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** ids of the hint/error texts that describe the field. */
  describedBy?: string;
  invalid: boolean;
}

/**
 * The Course field (spec section 5): free text with suggestions from the ~110 programmes, filtered
 * by case-insensitive containment as the user types (all of them on an empty box). An ARIA 1.2
 * combobox: the list opens on focus or typing; arrows move, Enter or a click picks, Escape closes.
 */
export function CourseInput({ id, value, onChange, describedBy, invalid }: CourseInputProps) {
  const listId = `${id}-options`;
  const matches = useMemo(() => filterCourses(value), [value]);
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const expanded = open && matches.length > 0;
  // An exact pick needs no list under it.
  const showList = expanded && !(matches.length === 1 && matches[0] === value);

  const pick = (course: string) => {
    onChange(course);
    setOpen(false);
    setHighlighted(-1);
  };

  const move = (step: number) => {
    setOpen(true);
    setHighlighted((i) => (i + step + matches.length) % matches.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (matches.length === 0) return;
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        const course = showList ? matches[highlighted] : undefined;
        if (course !== undefined) {
          // Picking a suggestion, not submitting the form.
          event.preventDefault();
          pick(course);
        }
        break;
      }
      case 'Escape':
        if (showList) {
          event.preventDefault();
          setOpen(false);
        }
        break;
    }
  };

  return (
    <Box position="relative">
      <TextInput
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={
          showList && highlighted >= 0 ? `${listId}-${highlighted}` : undefined
        }
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required
        autoComplete="off"
        placeholder="Start typing, e.g. B.Tech CSE"
        value={value}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setHighlighted(-1);
        }}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setHighlighted(-1);
        }}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <PopupList id={listId} role="listbox" aria-label="Course suggestions">
          {matches.map((course, i) => (
            <PopupOption
              key={course}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === highlighted}
              data-active={i === highlighted ? '' : undefined}
              // Keep the focus in the box so blur does not close the list before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(course)}
            >
              {course}
            </PopupOption>
          ))}
        </PopupList>
      )}
    </Box>
  );
}
