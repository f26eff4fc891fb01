/// <reference types="vite/client" />

// mammoth's self-contained browser build (the DOCX preview, features/notes/api/preview-api.ts).
declare module 'mammoth/mammoth.browser.min.js' {
  const mammoth: unknown;
  export default mammoth;
}
