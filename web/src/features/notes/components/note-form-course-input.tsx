import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { filterCourses } from '@notenest/shared';
import { PopupList, PopupOption, TextInput } from '../../../shared/ui/form-controls';
import { useCombobox } from '../../../shared/ui/use-combobox';

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
 * by case-insensitive containment as the user types (all of them on an empty box). A combobox
 * (shared/ui/use-combobox.ts): the list opens on focus or typing; arrows move, Enter or a click
 * picks, Escape closes; Enter with no suggestion highlighted submits the form.
 */
export function CourseInput({ id, value, onChange, describedBy, invalid }: CourseInputProps) {
  const matches = useMemo(() => filterCourses(value), [value]);
  const combobox = useCombobox({
    id: `${id}-options`,
    items: matches,
    onPick: onChange,
    onInput: onChange,
    // An exact pick needs no list under it.
    hidden: matches.length === 1 && matches[0] === value,
  });

  return (
    <Box position="relative">
      <TextInput
        id={id}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required
        placeholder="Start typing, e.g. B.Tech CSE"
        value={value}
        {...combobox.inputProps}
      />
      {combobox.expanded && (
        <PopupList aria-label="Course suggestions" {...combobox.listboxProps}>
          {matches.map((course, i) => (
            <PopupOption
              key={course}
              aria-selected={i === combobox.activeIndex}
              {...combobox.optionProps(i)}
            >
              {course}
            </PopupOption>
          ))}
        </PopupList>
      )}
    </Box>
  );
}
