/**
 * The search benches' notes (issue 28): deterministic notes of ~2,000 words drawn from a
 * 50,000-word Zipf vocabulary, cut into 400-word pages, with the fields a note has. One copy for
 * the module bench (functions/src/search/bench.mjs) and the facade bench (search-bench.mjs).
 *
 * `benchCorpus()` starts its own random sequence (mulberry32, fixed seed): two runs make the same
 * notes and ask the same queries, in the order they are drawn.
 */

export const WORDS_PER_NOTE = 2_000;
export const PAGE_WORDS = 400;
export const VOCABULARY = 50_000;

export const SUBJECTS = [
  'Physics',
  'Chemistry',
  'Mathematics',
  'Biology',
  'Computer Science',
  'Economics',
  'History',
  'Literature',
  'Mechanics',
  'Electronics',
  'Statistics',
  'Law',
];
export const COURSES = [
  'B.Tech',
  'B.Sc',
  'BCA',
  'MCA',
  'B.Com',
  'BA',
  'M.Sc',
  'MBA',
  'B.Pharm',
  'BBA',
];
export const COLLEGES = [
  'North College',
  'South Institute',
  'East University',
  'West Academy',
  'Central College',
  'Hill Institute',
  'River University',
  'Lake College',
];

export function benchCorpus(seedValue = 0x5eed) {
  let seed = seedValue;
  function random() {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  const pick = (list) => list[Math.floor(random() * list.length)];

  // Pronounceable, distinct words: the vocabulary, most frequent first.
  const c = 'bcdfghjklmnprstvwz';
  const v = 'aeiou';
  const seen = new Set();
  const words = [];
  while (words.length < VOCABULARY) {
    const syllables = 1 + Math.floor(random() * 4) + (words.length > 1000 ? 1 : 0);
    let w = '';
    for (let i = 0; i < syllables; i++) w += pick(c) + pick(v);
    if (random() < 0.4) w += pick(c);
    if (w.length >= 3 && !seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }

  // Zipf (s = 1): word k (1-based) drawn with probability proportional to 1/k.
  const cdf = new Float64Array(VOCABULARY);
  let sum = 0;
  for (let k = 1; k <= VOCABULARY; k++) cdf[k - 1] = sum += 1 / k;
  function zipfWord() {
    const x = random() * sum;
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo];
  }

  /**
   * Note `i`: `fields` as the search module's IndexedNote (id `bench-NNNNNN`), `text` its pages.
   * A fresh note each call (the sequence moves on): call it once per i, in order.
   */
  function note(i) {
    const text = [];
    for (let p = 0; p < WORDS_PER_NOTE / PAGE_WORDS; p++) {
      const page = [];
      for (let j = 0; j < PAGE_WORDS; j++) page.push(zipfWord());
      text.push(page.join(' '));
    }
    const title = Array.from(
      { length: 3 + Math.floor(random() * 3) },
      () => words[100 + Math.floor(random() * 5000)],
    ).join(' ');
    return {
      fields: {
        id: `bench-${String(i).padStart(6, '0')}`,
        title,
        subject: pick(SUBJECTS),
        course: pick(COURSES),
        college: pick(COLLEGES),
        description: Array.from({ length: 12 }, zipfWord).join(' '),
        uploaderName: `student${Math.floor(random() * 500)}`,
        semester: 1 + Math.floor(random() * 8),
        approved: random() < 0.95,
        createdAt: new Date(Date.UTC(2023, 0, 1) + Math.floor(random() * 7e10)),
        likeCount: Math.floor(random() * 100),
        downloadCount: Math.floor(random() * 500),
      },
      text,
    };
  }

  /** A 36-page PDF's text (~500 words a page): 18,000 words. */
  const pdfPages = () =>
    Array.from({ length: 36 }, () => Array.from({ length: 500 }, zipfWord).join(' '));

  // The query kinds of issue 28, each a function making one request ({ q, filters? }). `texts`:
  // some notes' pages (the phrases are taken from them).
  function queryKinds(texts) {
    const midWord = () => words[100 + Math.floor(random() * 2000)];
    const typoOf = (w) => {
      const at = Math.floor(w.length / 2);
      return w.slice(0, at) + (w[at] === 'q' ? 'x' : 'q') + w.slice(at + 1);
    };
    return {
      'rare word': () => ({ q: `${words[20_000 + Math.floor(random() * 20_000)]} ` }),
      'most common word': () => ({ q: `${words[0]} ` }),
      'two words': () => ({ q: `${midWord()} ${midWord()} ` }),
      phrase: () => {
        const page = pick(pick(texts)).split(' ');
        const at = Math.floor(random() * (page.length - 1));
        return { q: `"${page[at]} ${page[at + 1]}"` };
      },
      prefix: () => ({ q: midWord().slice(0, 4) }),
      typo: () => {
        let w = midWord();
        while (w.length < 7) w = words[100 + Math.floor(random() * 5000)];
        return { q: `${typoOf(w)} ` };
      },
      'two filters': () => ({
        q: `${midWord()} `,
        filters: { subject: pick(SUBJECTS), semester: 1 + Math.floor(random() * 8) },
      }),
    };
  }

  return { random, pick, words, zipfWord, note, pdfPages, queryKinds };
}

/** The q-quantile of `xs` (0-1). */
export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}
