// The comments feature: the one component every screen shows comments with, and its types.
export { NoteComments, type NoteCommentsProps } from './components/note-comments';
export type { NoteComment, Viewer } from './api/comments-model';
