/**
 * The id of a college's `colleges/{id}` figures document (docs/data-model.md): any college name,
 * URL-encoded (no '/'), dots too (never `.` or `..`), behind a prefix (never a reserved `__x__`).
 */
export function collegeDocId(name: string): string {
  return `c_${encodeURIComponent(name).replace(/\./g, '%2E')}`;
}
