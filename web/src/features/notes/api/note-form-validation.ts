/**
 * The Upload and Update forms' checks: @notenest/shared's validator, the same checks the rules
 * repeat. A module of its own, loaded when the form is first used (hooks/use-note-editor.ts,
 * loadNoteValidation): it brings zod and the document schemas, whose evaluation was ~30 ms of
 * the form's first load on this machine (~120 ms on Lighthouse's phone, one long task).
 */
import {
  validateNoteFile,
  validateNoteInput,
  type NoteFileInfo,
  type NoteInput,
  type ValidationResult,
} from '@notenest/shared';
import {
  draftOf,
  type CurrentFile,
  type NoteFormMode,
  type NoteFormValues,
} from './note-form-model';

export { validateNoteFile };

/** Validates the whole form: every field error at once, the banner shows the first. */
export function validateNoteForm(
  values: NoteFormValues,
  file: NoteFileInfo | null,
  mode: NoteFormMode,
  current: CurrentFile | null = null,
): ValidationResult<NoteInput> {
  return validateNoteInput(draftOf(values, file, mode, current), mode);
}

/** The problem with a just-picked file (type, size), shown before any upload; null when fine. */
export function pickedFileProblem(file: NoteFileInfo): string | null {
  const result = validateNoteFile(file);
  return result.ok ? null : result.message;
}
