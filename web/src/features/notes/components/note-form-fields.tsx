/**
 * The building blocks of the Upload / Update form (note-form.tsx): a titled section, a labelled
 * field with its hint and error, and the text and select entries bound to the editor's values.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';
import { BATCHES, NOTE_LIMITS, SEMESTERS } from '@notenest/shared';
import { FieldError } from '../../../shared/ui/field-error';
import { FieldLabel, NativeSelect, TextInput } from '../../../shared/ui/form-controls';
import type { NoteEditor } from '../hooks/use-note-editor';

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      p={{ base: '4', md: '6' }}
    >
      <Heading id={id} as="h2" size="lg" mb="4">
        {title}
      </Heading>
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Renders the control, given the ids that describe it and whether it is invalid. */
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

/** A labelled control with its hint and its error (announced, tied to it by aria-describedby). */
export function Field({ id, label, error, hint, children }: FieldProps) {
  const describedBy =
    [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <Box>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {children(describedBy, !!error)}
      {hint && (
        <Text id={`${id}-hint`} fontSize="sm" color="fg.muted" mt="1">
          {hint}
        </Text>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </Box>
  );
}

type TextKey = 'title' | 'collegeName' | 'subjectName' | 'fileUrl';

interface TextEntryProps extends Omit<
  ComponentProps<typeof TextInput>,
  'id' | 'value' | 'onChange'
> {
  editor: NoteEditor;
  name: TextKey;
  id: string;
  label: string;
  hint?: string;
  /** The validator's field name for this input's errors, when not `name`. */
  error?: string;
}

/** A one-line text field of the form, bound to `editor.values[name]`. */
export function TextEntry({ editor, name, id, label, hint, error, ...input }: TextEntryProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error ?? editor.errors[name]}>
      {(describedBy, invalid) => (
        <TextInput
          id={id}
          value={editor.values[name]}
          onChange={(e) => editor.setValue(name, e.target.value)}
          maxLength={NOTE_LIMITS[name].max}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </Field>
  );
}

interface SelectEntryProps {
  editor: NoteEditor;
  name: 'batch' | 'semester';
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** A required choice of the form (Batch, Semester); '' is "nothing chosen yet". */
export function SelectEntry({ editor, name, id, label, options }: SelectEntryProps) {
  return (
    <Field id={id} label={label} error={editor.errors[name]}>
      {(describedBy, invalid) => (
        <NativeSelect
          id={id}
          value={editor.values[name]}
          onChange={(e) => editor.setValue(name, e.target.value)}
          aria-required
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          <option value="">Select {label.toLowerCase()}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

export const BATCH_OPTIONS = BATCHES.map((b) => ({ value: b, label: b }));
export const SEMESTER_OPTIONS = SEMESTERS.map((s) => ({
  value: String(s),
  label: `Semester ${s}`,
}));
