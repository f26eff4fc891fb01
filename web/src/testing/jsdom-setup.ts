/**
 * The component project's (jsdom) setup: what browsers have and jsdom lacks, that libraries
 * under test call.
 *
 * CSS.escape: zag's focus trap (Chakra's dialogs and menus) escapes ids in a MutationObserver
 * callback; one that fired as a dialog test ended threw "CSS.escape is not a function", an
 * unhandled error that fails the whole run.
 */
if (typeof globalThis.CSS === 'undefined') {
  (globalThis as { CSS?: unknown }).CSS = {};
}
if (typeof CSS.escape !== 'function') {
  // CSSOM's serialize-an-identifier (https://drafts.csswg.org/cssom/#serialize-an-identifier).
  CSS.escape = (value: string): string => {
    const s = String(value);
    let out = '';
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0) out += '\uFFFD';
      else if (
        (c >= 0x1 && c <= 0x1f) ||
        c === 0x7f ||
        (i === 0 && c >= 0x30 && c <= 0x39) ||
        (i === 1 && c >= 0x30 && c <= 0x39 && s.charCodeAt(0) === 0x2d)
      )
        out += `\\${c.toString(16)} `;
      else if (i === 0 && s.length === 1 && c === 0x2d) out += `\\${s[i]}`;
      else if (
        c >= 0x80 ||
        c === 0x2d ||
        c === 0x5f ||
        (c >= 0x30 && c <= 0x39) ||
        (c >= 0x41 && c <= 0x5a) ||
        (c >= 0x61 && c <= 0x7a)
      )
        out += s[i];
      else out += `\\${s[i]}`;
    }
    return out;
  };
}
