import { useState } from 'react';
import { fetchColleges, fetchNotes } from '../api/admin-api';
import { ADMIN_LISTS, ADMIN_TEXTS } from '../api/admin-model';
import { useSearchedList } from '../hooks/use-searched-list';
import { AdminListPage } from './admin-list-page';
import { SearchField, SelectField } from './admin-ui';
import {
  NOTE_ITEMS,
  deleteNoteAction,
  noteColumns,
  reviewAction,
  showNoteDetail,
} from './note-list';

/**
 * Notes: every note, searchable by title, subject or uploader and filtered by college; approve,
 * set back to pending (hidden from students again), delete (with its file), and a detail view.
 */
export function NotesPage() {
  const [college, setCollege] = useState('');
  // Searched and filtered on the server, a page at a time.
  const list = useSearchedList(['admin', 'notes', college], (search, cursor) =>
    fetchNotes({ search, college }, cursor),
  );
  // The college filter's options: the colleges' names (their figures are kept per college), a
  // page of them at a time; with more colleges than a page, typing part of a name in "Find a
  // college" asks the server for the matching ones, so every college can be picked.
  const colleges = useSearchedList(['admin', 'colleges'], fetchColleges);
  const offerFinder = colleges.hasMore || colleges.search.value !== '';

  return (
    <AdminListPage
      filters={[
        offerFinder ? (
          <SearchField
            id="note-college-search"
            label="Find a college"
            placeholder="Part of its name"
            {...colleges.search}
          />
        ) : null,
        <SelectField
          id="note-college"
          label="College"
          value={college}
          onChange={(e) => setCollege(e.target.value)}
        >
          <option value="">{ADMIN_TEXTS.allColleges}</option>
          {/* The chosen college stays listed while another name is being looked for. */}
          {college !== '' && !colleges.items.some((c) => c.name === college) && (
            <option value={college}>{college}</option>
          )}
          {colleges.items.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </SelectField>,
      ]}
      list={list}
      texts={ADMIN_LISTS.notes}
      items={NOTE_ITEMS}
      view={{
        columns: noteColumns('title', 'subject', 'college', 'uploader', 'status', 'downloads'),
      }}
      actions={(note) => [
        reviewAction(note, !note.approved, 'notes'),
        deleteNoteAction(note, 'Delete'),
      ]}
      detail={showNoteDetail}
    />
  );
}
