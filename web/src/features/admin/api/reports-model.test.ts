import { describe, expect, it } from 'vitest';
import { toReportedNote } from './reports-model';

describe('toReportedNote', () => {
  it("lists the reasons in the dialog's order with their labels, and the reporters' names", () => {
    const row = toReportedNote({
      noteId: 'n1',
      noteTitle: 'Thermodynamics',
      uploaderId: 'u1',
      uploaderName: 'Ann',
      open: 3,
      reasons: { offensive: 1, copyright: 2, spam: 0 },
      reporters: [
        { uid: 'a', username: 'Ben' },
        { uid: 'b', username: null },
      ],
      copyright: true,
      underReview: true,
      lastReportedAt: '2026-11-26T05:00:00.000Z',
    });
    expect(row).toEqual({
      noteId: 'n1',
      noteTitle: 'Thermodynamics',
      uploaderId: 'u1',
      uploaderName: 'Ann',
      open: 3,
      reasons: [
        { reason: 'copyright', label: 'Copyright', count: 2 },
        { reason: 'offensive', label: 'Offensive', count: 1 },
      ],
      reporters: ['Ben', 'Unknown'],
      copyright: true,
      underReview: true,
      lastReportedAt: '2026-11-26T05:00:00.000Z',
    });
  });

  it('tolerates missing fields', () => {
    expect(toReportedNote({})).toMatchObject({
      uploaderName: 'Unknown',
      open: 0,
      reasons: [],
      reporters: [],
      copyright: false,
      underReview: false,
      lastReportedAt: null,
    });
  });
});
