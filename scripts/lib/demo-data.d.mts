import type { Batch, FollowKind, NoteFileType, Role } from '@notenest/shared';

export const PROJECT_ID: 'demo-notenest';
export const BUCKET: string;
export const ADMIN_PASSWORD: string;
export const STUDENT_PASSWORD: string;
export const NOTE_COUNT: number;
export const PENDING_COUNT: number;

export function rng(seed: number): () => number;

export interface DemoAccount {
  uid: string;
  email: string;
  password: string;
  username: string;
  role: Role;
  college: string | null;
  course: string | null;
  batch?: Batch;
  createdAt: Date;
}

export interface DemoNoteData {
  title: string;
  description: string;
  collegeName: string;
  courseName: string;
  subjectName: string;
  batch: Batch;
  semester: number;
  fileUrl: string;
  fileName: string;
  filePath: string;
  fileType: NoteFileType;
  fileSize: number;
  uploaderId: string;
  uploaderName: string;
  approved: boolean;
  likesCount: number;
  downloadCount: number;
  commentsCount: number;
  /** Set by the seed once it has made the file's thumbnail. */
  thumbnailUrl?: string;
  fileStatus?: 'ok';
  createdAt: Date;
  updatedAt: Date;
  /** Approved notes only: when an admin approved it (after createdAt). */
  approvedAt?: Date;
}

export interface DemoData {
  accounts: DemoAccount[];
  profiles: {
    uid: string;
    data: {
      username: string;
      email: string;
      avatar: null;
      role: Role;
      createdAt: Date;
      notesCount: number;
      searchTerms: string[];
      /** The demo student with follows: how many, and the last one's key. */
      followCount?: number;
      lastFollowKey?: string;
    };
  }[];
  notes: { id: string; data: DemoNoteData }[];
  files: {
    noteId: string;
    path: string;
    contentType: NoteFileType;
    bytes: Buffer;
    token: string;
    text: string;
  }[];
  likes: { noteId: string; uid: string; data: { createdAt: Date } }[];
  comments: {
    noteId: string;
    id: string;
    data: { text: string; authorId: string; username: string; commentedAt: Date };
  }[];
  saved: { uid: string; noteId: string; data: { noteId: string; savedAt: Date } }[];
  /** users/{uid}/follows/{key} (issue 32). */
  follows: {
    uid: string;
    key: string;
    data: { kind: FollowKind; name: string; createdAt: Date };
  }[];
  filterOptions: {
    subjects: string[];
    courses: string[];
    semesters: number[];
    colleges: string[];
    updatedAt: Date;
  };
  /** Per-college figures of the admin Colleges screen (colleges/{id}). */
  colleges: {
    id: string;
    data: {
      name: string;
      nameLower: string;
      totalNotes: number;
      approved: number;
      pending: number;
      downloads: number;
    };
  }[];
}

export function buildDemoData(options?: { storageOrigin?: string }): DemoData;
export function downloadUrl(storageOrigin: string, path: string, token: string): string;
