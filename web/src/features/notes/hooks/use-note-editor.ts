import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { isAppError } from '../../../shared/errors/app-error';
import { NEEDS_CONNECTION, isOffline } from '../../../shared/utils/connection';
import {
  createNote,
  updateNote,
  type PickedFile,
  type Uploader,
  type UploadControl,
} from '../api/note-editor-api';
import { findSharedCopy, type SharedCopy } from '../api/duplicate-check';
import {
  EMPTY_VALUES,
  NOTE_CREATED,
  NOTE_UPDATED,
  UPLOAD_CANCELLED,
  fileContentProblem,
  submitErrorMessage,
  valuesFromNote,
  type EditableNote,
  type NoteFormMode,
  type NoteFormValues,
} from '../api/note-form-model';

/**
 * The form's checks (api/note-form-validation.ts, with zod), fetched and evaluated when the form
 * is first used rather than with the page: a visitor who only looks at the form never pays for
 * them, and the page's first load is one long task shorter on a slow phone. Once loaded, the
 * same promise answers at once.
 */
let validation: Promise<typeof import('../api/note-form-validation')> | undefined;
function loadNoteValidation() {
  validation ??= import('../api/note-form-validation');
  // A failed fetch (offline, a deploy replaced the chunk) is tried again next time.
  validation.catch(() => (validation = undefined));
  return validation;
}

/** idle, then (with a file) uploading with its progress, then saving the note. */
export type SubmitPhase =
  { kind: 'idle' } | { kind: 'uploading'; progress: number } | { kind: 'saving' };

export interface NoteEditor {
  mode: NoteFormMode;
  values: NoteFormValues;
  setValue: <K extends keyof NoteFormValues>(key: K, value: NoteFormValues[K]) => void;
  file: File | null;
  pickFile: (file: File | null) => void;
  /** Field name -> message (the validator's names; the file's is `file`). */
  errors: Record<string, string>;
  /** The red banner's message (shown as "Error: ..."), or null. */
  banner: string | null;
  /** Set after a cancelled upload. */
  notice: string | null;
  /** The note that already shares the picked file (the banner links to it), or null. */
  sharedCopy: SharedCopy | null;
  phase: SubmitPhase;
  /** Counts submits refused by validation (the form then focuses the first invalid field). */
  refusals: number;
  submit: () => Promise<void>;
  cancel: () => void;
  /** Starts loading the form's checks: on the user's first focus or press in the form. */
  prepare: () => void;
}

/**
 * State and submission of the Upload / Update form (spec sections 2, 5, 8): validation before any
 * upload, the upload's progress and cancel, the success alert and redirect, the error banner.
 * Nothing the user typed is lost on an error or a cancel.
 */
export function useNoteEditor(user: Uploader, note: EditableNote | null): NoteEditor {
  const mode: NoteFormMode = note ? 'update' : 'create';
  const navigate = useNavigate();
  const [values, setValues] = useState<NoteFormValues>(() =>
    note ? valuesFromNote(note) : EMPTY_VALUES,
  );
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sharedCopy, setSharedCopy] = useState<SharedCopy | null>(null);
  const [phase, setPhase] = useState<SubmitPhase>({ kind: 'idle' });
  const [refusals, setRefusals] = useState(0);
  const abort = useRef<AbortController | null>(null);

  // Leaving the page mid-upload cancels it (nothing is written after a cancel).
  useEffect(() => () => abort.current?.abort(), []);

  const setValue: NoteEditor['setValue'] = (key, value) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  // The file picked last: a check of an earlier pick that answers late is dropped.
  const lastPicked = useRef<File | null>(null);
  const pickFile = (picked: File | null) => {
    lastPicked.current = picked;
    setFile(picked);
    setNotice(null);
    setSharedCopy(null);
    setErrors(({ file: _, ...rest }) => rest);
    if (!picked) return;
    // The type, size and bytes are checked as soon as the file is picked (a program renamed .pdf
    // is said at once), and again on submit, which also says when the checks could not load.
    void loadNoteValidation().then(
      async ({ pickedFileProblem, validateNoteFile }) => {
        const problem = pickedFileProblem(picked);
        const checked = problem ? null : validateNoteFile(picked);
        const mismatch = checked?.ok
          ? await fileContentProblem(picked, checked.value.contentType)
          : null;
        const message = problem ?? mismatch;
        if (message && lastPicked.current === picked) setErrors((e) => ({ ...e, file: message }));
      },
      () => {},
    );
  };

  const submit = async () => {
    if (phase.kind !== 'idle') return;
    setNotice(null);
    let checks: Awaited<ReturnType<typeof loadNoteValidation>>;
    try {
      checks = await loadNoteValidation();
    } catch (error) {
      console.error("loading the form's checks failed", error);
      setBanner(isOffline() ? NEEDS_CONNECTION : submitErrorMessage(error, mode));
      return;
    }
    const { validateNoteFile, validateNoteForm } = checks;
    const result = validateNoteForm(values, file, mode, note);
    if (!result.ok) {
      setErrors(result.errors);
      setBanner(result.message);
      setRefusals((n) => n + 1);
      return;
    }
    const checked = file ? validateNoteFile(file) : null;
    const mismatch =
      file && checked?.ok ? await fileContentProblem(file, checked.value.contentType) : null;
    if (mismatch) {
      setErrors({ file: mismatch });
      setBanner(mismatch);
      setRefusals((n) => n + 1);
      return;
    }
    // A file already shared is refused before a byte is sent (the server refuses it too).
    const copy = file && checked?.ok ? await findSharedCopy(file, note?.id) : null;
    setSharedCopy(copy);
    if (copy) {
      setErrors({ file: copy.message });
      setBanner(copy.message);
      setRefusals((n) => n + 1);
      return;
    }
    setErrors({});
    // Offline, Storage's upload would retry for minutes with nothing said (issue 32).
    if (isOffline()) {
      setBanner(NEEDS_CONNECTION);
      return;
    }
    setBanner(null);
    const picked: PickedFile | null =
      file && checked?.ok ? { file, contentType: checked.value.contentType } : null;
    const controller = new AbortController();
    abort.current = controller;
    const control: UploadControl = {
      signal: controller.signal,
      onProgress: (progress) => setPhase({ kind: 'uploading', progress }),
      onSaving: () => setPhase({ kind: 'saving' }),
    };
    setPhase(picked ? { kind: 'uploading', progress: 0 } : { kind: 'saving' });
    try {
      if (note) {
        await updateNote(user, note, result.value, picked, control);
        window.alert(NOTE_UPDATED);
        void navigate(paths.note(note.id));
      } else {
        await createNote(user, result.value, picked, control);
        window.alert(NOTE_CREATED);
        void navigate(paths.home);
      }
    } catch (error) {
      if (isAppError(error, 'cancelled')) setNotice(UPLOAD_CANCELLED);
      else {
        console.error('saving the note failed', error);
        setBanner(submitErrorMessage(error, mode));
      }
      setPhase({ kind: 'idle' });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const cancel = () => abort.current?.abort();

  return {
    mode,
    values,
    setValue,
    file,
    pickFile,
    errors,
    banner,
    notice,
    sharedCopy,
    phase,
    refusals,
    submit,
    cancel,
    prepare: () => void loadNoteValidation().catch(() => {}),
  };
}
