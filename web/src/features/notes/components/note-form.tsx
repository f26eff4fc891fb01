import { Box, Button, Container, Flex, Grid, Heading, Link, Text, chakra } from '@chakra-ui/react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { NOTE_FILE_ACCEPT, NOTE_LIMITS } from '@notenest/shared';
import { TextArea } from '../../../shared/ui/form-controls';
import { ErrorBanner } from '../../../shared/ui';
import { FieldError } from '../../../shared/ui/field-error';
import { CONFIRM_TEXT, formatBytes, type EditableNote } from '../api/note-form-model';
import type { NoteEditor } from '../hooks/use-note-editor';
import { CourseInput } from './note-form-course-input';
import {
  BATCH_OPTIONS,
  Field,
  SEMESTER_OPTIONS,
  Section,
  SelectEntry,
  TextEntry,
} from './note-form-fields';
import { SharedCopyMessage, UploadProgress, WhyShare } from './note-form-panels';

export interface NoteFormProps {
  title: string;
  subtitle: string;
  editor: NoteEditor;
  /** Update: the note being edited (for the "Current uploaded file" link). */
  note?: EditableNote;
}

/**
 * The Upload / Update form (spec section 2): Document Information, Academic Details, File Upload,
 * the confirmation checkbox (Upload), the error banner and the submit button, beside the "Why
 * share your notes" panel. Validation is our own (noValidate), so every field shows its message.
 */
export function NoteForm({ title, subtitle, editor, note }: NoteFormProps) {
  const { values, setValue, errors, phase, mode, file } = editor;
  const busy = phase.kind !== 'idle';
  const form = useRef<HTMLFormElement>(null);
  // A refused submit takes keyboard and screen-reader users to the first field to fix.
  useEffect(() => {
    if (editor.refusals > 0)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [editor.refusals]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void editor.submit();
  };
  const idleLabel = mode === 'create' ? 'Share Your Notes' : 'Update Notes';
  const busyLabel = mode === 'create' ? 'Uploading...' : 'Updating...';

  return (
    <NoteFormIntro title={title} subtitle={subtitle}>
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="8">
        <chakra.form
          ref={form}
          display="flex"
          flexDirection="column"
          gap="6"
          onSubmit={onSubmit}
          // The form's checks load on its first use (useNoteEditor): by a submit they are here.
          onFocus={editor.prepare}
          onPointerDown={editor.prepare}
          noValidate
          aria-label={title}
        >
          <Section id="document-information" title="Document Information">
            <TextEntry
              editor={editor}
              name="title"
              id="note-title"
              label="Title"
              aria-required
              placeholder="e.g. Operating Systems: process scheduling"
            />
            <Field
              id="note-description"
              label="Description (optional)"
              error={errors['description']}
            >
              {(describedBy, invalid) => (
                <TextArea
                  id="note-description"
                  value={values.description}
                  onChange={(e) => setValue('description', e.target.value)}
                  maxLength={NOTE_LIMITS.description.max}
                  placeholder="What do these notes cover?"
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                />
              )}
            </Field>
          </Section>

          <Section id="academic-details" title="Academic Details">
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <TextEntry
                editor={editor}
                name="collegeName"
                id="note-college"
                label="College Name"
                aria-required
                autoComplete="organization"
              />
              <TextEntry
                editor={editor}
                name="subjectName"
                id="note-subject"
                label="Subject Name"
                aria-required
              />
            </Grid>
            <Field id="note-course" label="Course" error={errors['courseName']}>
              {(describedBy, invalid) => (
                <CourseInput
                  id="note-course"
                  value={values.courseName}
                  onChange={(v) => setValue('courseName', v)}
                  describedBy={describedBy}
                  invalid={invalid}
                />
              )}
            </Field>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <SelectEntry
                editor={editor}
                name="batch"
                id="note-batch"
                label="Batch"
                options={BATCH_OPTIONS}
              />
              <SelectEntry
                editor={editor}
                name="semester"
                id="note-semester"
                label="Semester"
                options={SEMESTER_OPTIONS}
              />
            </Grid>
          </Section>

          <Section id="file-upload" title="File Upload">
            <Field
              id="note-file"
              label="Choose a file"
              hint="PDF, DOC, DOCX or TXT, up to 10MB"
              error={errors['file']}
            >
              {(describedBy, invalid) => (
                <chakra.input
                  id="note-file"
                  type="file"
                  accept={NOTE_FILE_ACCEPT}
                  display="block"
                  w="full"
                  fontSize="sm"
                  color="fg"
                  disabled={busy}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  onChange={(e) => editor.pickFile(e.currentTarget.files?.[0] ?? null)}
                />
              )}
            </Field>
            {file && (
              <Text fontSize="sm" color="fg.muted" data-testid="picked-file">
                Selected: {file.name} ({formatBytes(file.size)})
              </Text>
            )}
            {note?.fileUrl && !file && (
              <Text fontSize="sm">
                <Link
                  href={note.fileUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="teal.fg"
                  textDecoration="underline"
                >
                  Current uploaded file
                </Link>
                {note.fileName && <chakra.span color="fg.muted"> ({note.fileName})</chakra.span>}
              </Text>
            )}
            <TextEntry
              editor={editor}
              name="fileUrl"
              id="note-file-url"
              label="Or provide a file URL"
              hint={
                mode === 'create'
                  ? 'A link to the file, used when no file is chosen'
                  : 'Leave empty to keep the current file'
              }
              error={errors['fileUrl'] ?? errors['fileName']}
              type="url"
              inputMode="url"
              placeholder="https://"
            />
          </Section>

          {mode === 'create' && (
            <Box>
              <Flex as="label" gap="3" align="start" cursor="pointer">
                <chakra.input
                  type="checkbox"
                  checked={values.confirmed}
                  onChange={(e) => setValue('confirmed', e.target.checked)}
                  mt="1"
                  w="4"
                  h="4"
                  accentColor="teal.600"
                  flexShrink={0}
                  aria-invalid={errors['confirmed'] ? true : undefined}
                  aria-describedby={errors['confirmed'] ? 'note-confirm-error' : undefined}
                />
                <Text fontSize="sm" color="fg">
                  {CONFIRM_TEXT}
                </Text>
              </Flex>
              <FieldError id="note-confirm-error" message={errors['confirmed']} />
            </Box>
          )}

          {editor.banner && (
            <ErrorBanner>
              Error: <SharedCopyMessage editor={editor} />
            </ErrorBanner>
          )}
          {editor.notice && (
            <Text role="status" color="fg" bg="bg.muted" rounded="md" px="4" py="3">
              {editor.notice}
            </Text>
          )}
          <UploadProgress editor={editor} />

          <Button
            type="submit"
            colorPalette="teal"
            size="lg"
            disabled={busy}
            alignSelf={{ base: 'stretch', md: 'start' }}
          >
            {busy ? busyLabel : idleLabel}
          </Button>
        </chakra.form>
        <WhyShare />
      </Grid>
    </NoteFormIntro>
  );
}

/**
 * The form's heading and intro, above `children`: the form, or what shows while the page finds
 * out whether it may show the form (the upload-ban check), so the heading is in place from the
 * first render (and in the prerendered page) rather than appearing once the check answers.
 */
export function NoteFormIntro({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="3xl" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted" mb="8">
        {subtitle}
      </Text>
      {children}
    </Container>
  );
}
