/**
 * The demo data set, as a pure function of nothing: the same accounts, notes, files, likes,
 * comments and saved notes on every run (a seeded RNG decides everything that varies), so the
 * seed is idempotent and tests can rely on exact values. scripts/seed.mjs writes it.
 *
 * Shapes follow docs/data-model.md; timestamps are JS Dates here (the writer converts them).
 */
import {
  BATCHES,
  COURSES,
  collegeDocId,
  followKey,
  NOTE_FILE_TYPES,
  userSearchTerms,
} from '@notenest/shared';
import { extractPdfText, makePdf } from './pdf.mjs';

export const PROJECT_ID = 'demo-notenest';
export const BUCKET = `${PROJECT_ID}.appspot.com`;
export const ADMIN_PASSWORD = 'admin1234';
export const STUDENT_PASSWORD = 'student1234';
export const NOTE_COUNT = 64;
/** Notes left pending approval: 2 in every 8 (indices 3 and 6 mod 8), so every student has some. */
export const PENDING_COUNT = 16;
const isPending = (i) => i % 8 === 3 || i % 8 === 6;

/** mulberry32: small, fast, deterministic. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Firestore-style 20-character id drawn from `random`. */
function autoId(random) {
  let id = '';
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)];
  return id;
}

/** A v4-shaped UUID drawn from `random` (Storage download tokens). */
function uuid(random) {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const pick = (random, list) => list[Math.floor(random() * list.length)];
const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;

/**
 * Courses taught in the demo, each with subjects (semester, topics). Every topic is one note.
 * 6 courses x 3 subjects x 4 topics = 72 >= NOTE_COUNT.
 */
const CATALOG = parseCatalog(`
# B.Tech CSE
## Operating Systems | 4
Process Scheduling | FCFS, SJF, priority and round-robin scheduling compared by waiting time, turnaround time and response time, with Gantt charts.
Deadlocks | The four Coffman conditions, resource allocation graphs, the Banker's algorithm for avoidance, and detection and recovery.
Paging and Virtual Memory | Page tables, TLBs, demand paging, page faults and the FIFO, LRU and optimal replacement policies with worked examples.
Semaphores and Synchronization | Critical sections, mutexes, counting semaphores, and the producer-consumer, readers-writers and dining philosophers problems.
## Data Structures | 3
Linked Lists | Singly, doubly and circular linked lists: insertion, deletion, reversal and cycle detection with two pointers.
Binary Search Trees | BST insertion, deletion and traversal orders, plus AVL rotations that keep the height logarithmic.
Heaps and Priority Queues | Binary heaps stored in arrays, heapify in linear time, heap sort and priority queue operations.
Graph Traversals | Adjacency lists and matrices, breadth-first and depth-first search, topological sort and connected components.
## Database Management Systems | 5
Normalization | Functional dependencies, closures, candidate keys and the 1NF, 2NF, 3NF and BCNF decompositions.
SQL Joins and Subqueries | Inner, outer and self joins, correlated subqueries, GROUP BY with HAVING, and common exam queries.
Transactions and ACID | Atomicity, consistency, isolation and durability, schedules, conflict serializability and two-phase locking.
Indexing and B+ Trees | Primary and secondary indexes, B+ tree insertion and splitting, and hashing-based indexes.
# B.Tech ECE
## Digital Electronics | 3
Boolean Algebra and K-Maps | Boolean identities, canonical forms and Karnaugh map simplification up to five variables with don't cares.
Combinational Circuits | Adders, subtractors, multiplexers, decoders and encoders designed from truth tables.
Flip-Flops and Latches | SR, JK, D and T flip-flops, excitation tables, race-around condition and master-slave design.
Counters and Registers | Asynchronous and synchronous counters, mod-N design, shift registers and ring counters.
## Signals and Systems | 4
Fourier Series | Trigonometric and exponential Fourier series, Dirichlet conditions and the spectra of periodic signals.
Laplace Transform | Region of convergence, properties, inverse Laplace by partial fractions and solving LTI differential equations.
Convolution and LTI Systems | Impulse response, convolution integral and sum, causality and stability of LTI systems.
Sampling Theorem | Nyquist rate, aliasing, reconstruction with ideal low-pass filters and practical sampling.
## Analog Circuits | 5
Operational Amplifiers | Ideal op-amp rules, inverting and non-inverting amplifiers, integrators, differentiators and comparators.
BJT Biasing | Fixed, collector-feedback and voltage-divider bias, the Q-point and stability factor.
Feedback Amplifiers | Negative feedback topologies, gain desensitivity, bandwidth extension and input/output impedance.
Oscillators | Barkhausen criterion, RC phase-shift, Wien bridge, Colpitts and Hartley oscillators.
# B.Com
## Financial Accounting | 1
Journal and Ledger | Double-entry rules, journal entries, posting to ledger accounts and balancing them.
Trial Balance and Rectification | Preparing a trial balance, errors it does and does not reveal, and suspense accounts.
Depreciation Methods | Straight-line and written-down value methods, provisions for depreciation and asset disposal.
Final Accounts | Trading account, profit and loss account and balance sheet with closing adjustments.
## Business Law | 2
Indian Contract Act | Offer, acceptance, consideration, capacity, free consent and void and voidable agreements.
Sale of Goods Act | Conditions and warranties, transfer of ownership, unpaid seller's rights and caveat emptor.
Negotiable Instruments | Promissory notes, bills of exchange and cheques, holder in due course and dishonour.
Consumer Protection | Consumer rights, unfair trade practices and the three-tier redressal commissions.
## Cost Accounting | 4
Cost Sheets | Elements of cost, prime cost, works cost, cost of production and cost of sales in a cost sheet.
Marginal Costing | Contribution, P/V ratio, break-even point and margin of safety for decisions.
Standard Costing and Variances | Material, labour and overhead variances and how to read them.
Process Costing | Normal and abnormal loss, equivalent production and inter-process profits.
# BBA
## Principles of Management | 1
Functions of Management | Planning, organising, staffing, directing and controlling, with examples from Indian firms.
Fayol and Taylor | Fayol's fourteen principles of management and Taylor's scientific management compared.
Decision Making | Programmed and non-programmed decisions, the rational model and bounded rationality.
Leadership Styles | Autocratic, democratic and laissez-faire styles, and trait, behavioural and situational theories.
## Marketing Management | 3
Marketing Mix | The 4 Ps and the extended 7 Ps of services marketing with product examples.
Segmentation, Targeting and Positioning | Bases of segmentation, choosing target markets and positioning statements.
Consumer Behaviour | The buying decision process and cultural, social, personal and psychological factors.
Product Life Cycle | Introduction, growth, maturity and decline stages and the strategies for each.
## Business Statistics | 2
Measures of Central Tendency | Mean, median and mode for grouped and ungrouped data, and when each misleads.
Correlation and Regression | Karl Pearson and Spearman coefficients, regression lines and prediction.
Probability Basics | Addition and multiplication theorems, conditional probability and Bayes' theorem.
Index Numbers | Laspeyres, Paasche and Fisher index numbers and the tests they satisfy.
# B.Sc Physics
## Quantum Mechanics | 6
Wave-Particle Duality | The photoelectric effect, Compton scattering and de Broglie waves with numericals.
Schrodinger Equation | Time-dependent and time-independent forms, wave functions and their normalisation.
Particle in a Box | Energy eigenvalues and eigenfunctions of the infinite square well and their nodes.
Uncertainty Principle | Heisenberg's position-momentum and energy-time relations and thought experiments.
## Thermodynamics | 3
Laws of Thermodynamics | Zeroth, first, second and third laws with internal energy, heat and work sign conventions.
Carnot Engine | The Carnot cycle, efficiency, reversible engines and refrigerators.
Entropy | Entropy as a state function, the Clausius inequality and entropy changes in processes.
Maxwell Relations | Thermodynamic potentials and the four Maxwell relations with applications.
## Electromagnetism | 4
Gauss Law | Electric flux, Gauss's law in integral and differential form and symmetric charge distributions.
Biot-Savart and Ampere | Magnetic fields of currents, Ampere's circuital law and solenoids.
Faraday Induction | Faraday's and Lenz's laws, motional EMF, self and mutual inductance.
Maxwell Equations | The four Maxwell equations, displacement current and electromagnetic waves.
# MCA
## Web Technologies | 1
HTML and CSS Layout | Semantic HTML, the box model, flexbox and grid layouts with responsive breakpoints.
JavaScript Fundamentals | Scopes, closures, promises, async/await and the event loop explained with examples.
HTTP and REST | Methods, status codes, headers, caching and designing RESTful resource URLs.
Web Security Basics | XSS, CSRF, SQL injection, same-origin policy and CORS, and how to prevent each.
## Java Programming | 2
OOP in Java | Classes, objects, inheritance, polymorphism, abstraction and encapsulation in Java.
Exception Handling | Checked and unchecked exceptions, try-catch-finally, custom exceptions and best practices.
Collections Framework | List, Set and Map implementations, iterators, comparators and their complexities.
Multithreading | Threads and runnables, synchronization, wait/notify and the executor framework.
## Software Engineering | 3
SDLC Models | Waterfall, spiral, incremental and agile models with their strengths and weaknesses.
Requirements Engineering | Functional and non-functional requirements, SRS documents and use case diagrams.
Software Testing | Black-box and white-box testing, equivalence partitioning, boundary values and coverage.
UML Diagrams | Class, sequence, activity and state diagrams drawn for a library system.
`);

/** "# course", "## subject | semester", then "topic | summary" lines. */
function parseCatalog(text) {
  const catalog = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    if (line.startsWith('## ')) {
      const [subject, semester] = line.slice(3).split(' | ');
      catalog.at(-1).subjects.push([subject, Number(semester), []]);
    } else if (line.startsWith('# ')) {
      catalog.push({ course: line.slice(2), subjects: [] });
    } else {
      const [topic, summary] = line.split(' | ');
      catalog.at(-1).subjects.at(-1)[2].push([topic, summary]);
    }
  }
  return catalog;
}

/** The six students, one per college and course (index i studies CATALOG[i].course). */
const STUDENTS = [
  ['Aarav Sharma', 'Delhi Technological University', '2022-2026'],
  ['Priya Nair', 'Anna University', '2022-2026'],
  ['Rohan Mehta', 'University of Mumbai', '2023-2027'],
  ['Ananya Iyer', 'Christ University', '2023-2027'],
  ['Kabir Singh', 'Jadavpur University', '2021-2025'],
  ['Meera Das', 'Savitribai Phule Pune University', '2020-2024'],
];

const COMMENTS = [
  'Really clear explanation, thanks for sharing!',
  'This helped me a lot before the mid-sem exam.',
  'Could you also add a few solved numericals?',
  'The diagrams on page one are very helpful.',
  'Short and to the point. Perfect for revision.',
  'Is this from the latest syllabus?',
  'Thank you! Our professor skipped this topic.',
  'Great notes, saved them for the end-sems.',
  'The examples made it click for me.',
  'Please upload the next unit too!',
];

const TITLE_SUFFIXES = [
  '',
  ' - Short Notes',
  ' - Exam Revision',
  ' - Lecture Notes',
  ' (Unit Summary)',
];

const START = Date.UTC(2026, 6, 1, 8, 0, 0); // 1 July 2026, 08:00 UTC

function noteText({ title, subject, course, college, semester, summary, uploader }, random) {
  const tips = [
    `Start with the definitions, then work through one example of each case in ${title.toLowerCase()}.`,
    `Previous ${subject} papers ask a ten-mark question on this topic almost every year.`,
    `Draw the diagram first; examiners at ${college} give marks for neat, labelled figures.`,
    `Revise this together with the neighbouring units of ${subject}; the questions often combine them.`,
    `Make a one-page summary of the formulas and read it the night before the exam.`,
  ];
  const chosen = tips.filter(() => random() < 0.6);
  return [
    `${subject} - ${course}, Semester ${semester}`,
    `${college}. Notes by ${uploader}.`,
    '',
    'Summary',
    summary,
    '',
    'Key points',
    ...summary
      .split(/,|\band\b/)
      .map((s) => s.trim().replace(/\.$/, ''))
      .filter((s) => s.length > 3)
      .map((s) => `- ${s}`),
    '',
    'How to study this topic',
    ...(chosen.length ? chosen : tips.slice(0, 1)),
    '',
    `These notes are shared on NoteNest for students of ${course}. Keywords: ${subject}, ${title}.`,
  ].join('\n');
}

function slug(s) {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Builds the whole data set. `storageOrigin` (e.g. http://127.0.0.1:9199) goes into fileUrl,
 * the Storage emulator's download URL.
 */
/** A Storage download URL with its token, as getDownloadURL() gives it. */
export function downloadUrl(storageOrigin, path, token) {
  return `${storageOrigin}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}?alt=media&token=${token}`;
}

export function buildDemoData({ storageOrigin = 'http://127.0.0.1:9199' } = {}) {
  const random = rng(20260701);
  for (const c of CATALOG) {
    if (!COURSES.includes(c.course)) throw new Error(`demo course not in COURSES: ${c.course}`);
  }

  const accounts = [
    {
      uid: 'demo-admin',
      email: 'admin@notenest.dev',
      password: ADMIN_PASSWORD,
      username: 'NoteNest Admin',
      role: 'admin',
      college: null,
      course: null,
      createdAt: new Date(START - 30 * DAY),
    },
    ...STUDENTS.map(([username, college, batch], i) => ({
      uid: `demo-student-${i + 1}`,
      email: `student${i + 1}@notenest.dev`,
      password: STUDENT_PASSWORD,
      username,
      role: 'user',
      college,
      course: CATALOG[i].course,
      batch,
      createdAt: new Date(START - (20 - i) * DAY),
    })),
  ];
  const students = accounts.filter((a) => a.role === 'user');

  // Every (course, subject, topic) in catalog order, then one note per pair: note i belongs to
  // student i % 6 and takes that student's next topic.
  const topicsByStudent = students.map((_, si) =>
    CATALOG[si].subjects.flatMap(([subject, semester, topics]) =>
      topics.map(([topic, summary]) => ({ subject, semester, topic, summary })),
    ),
  );

  const notes = [];
  const files = [];
  for (let i = 0; i < NOTE_COUNT; i++) {
    const si = i % students.length;
    const student = students[si];
    const t = topicsByStudent[si][Math.floor(i / students.length)];
    const id = `demo-note-${String(i + 1).padStart(2, '0')}`;
    const title = `${t.topic}${pick(random, TITLE_SUFFIXES)}`;
    const ext = i % 3 === 2 ? 'txt' : 'pdf';
    const fileName = `${slug(t.topic)}.${ext}`;
    const filePath = `notes/${student.uid}/${id}/${fileName}`;
    const createdAt = new Date(START + i * 1.8 * DAY + Math.floor(random() * 8) * HOUR);
    const text = noteText(
      {
        title,
        subject: t.subject,
        course: student.course,
        college: student.college,
        semester: t.semester,
        summary: t.summary,
        uploader: student.username,
      },
      random,
    );
    const bytes =
      ext === 'pdf'
        ? makePdf({ title, body: text, author: student.username })
        : Buffer.from(`${title}\n${text}\n`, 'utf8');
    // The text a server-side extractor reads back from the file (what search indexes).
    const fileText = ext === 'pdf' ? extractPdfText(bytes) : bytes.toString('utf8');
    const token = uuid(random);
    const fileType = NOTE_FILE_TYPES[ext];
    const approved = !isPending(i);
    // Batch: mostly the uploader's own, sometimes a senior/junior batch.
    const batch = random() < 0.75 ? student.batch : pick(random, BATCHES);
    const description = `${t.summary} ${t.subject}, semester ${t.semester}.`;
    const fields = {
      title,
      description,
      collegeName: student.college,
      courseName: student.course,
      subjectName: t.subject,
    };
    files.push({ noteId: id, path: filePath, contentType: fileType, bytes, token, text: fileText });
    notes.push({
      id,
      data: {
        ...fields,
        batch,
        semester: t.semester,
        fileUrl: downloadUrl(storageOrigin, filePath, token),
        fileName,
        filePath,
        fileType,
        fileSize: bytes.length,
        uploaderId: student.uid,
        uploaderName: student.username,
        approved,
        likesCount: 0,
        downloadCount: approved ? Math.floor(random() * 240) : 0,
        commentsCount: 0,
        createdAt,
        updatedAt: createdAt,
        // An admin's review shortly after the upload (15-45 min: before any like or save, which
        // start an hour later), without drawing from `random` so the rest of the data stays as
        // it was. The Following feed orders by it (issue 32).
        ...(approved
          ? { approvedAt: new Date(createdAt.getTime() + (15 + (i % 4) * 10) * 60_000) }
          : {}),
      },
    });
  }

  // Likes, comments and saved notes: only on approved notes (pending ones are visible to their
  // uploader and admins only).
  const likes = [];
  const comments = [];
  const saved = [];
  for (const note of notes) {
    if (!note.data.approved) continue;
    const t0 = note.data.createdAt.getTime();
    for (const a of accounts) {
      if (a.uid !== note.data.uploaderId && random() < 0.4) {
        likes.push({
          noteId: note.id,
          uid: a.uid,
          data: { createdAt: new Date(t0 + (1 + Math.floor(random() * 96)) * HOUR) },
        });
        note.data.likesCount++;
      }
    }
    const n = Math.floor(random() * 4);
    for (let k = 0; k < n; k++) {
      const author = pick(random, students);
      comments.push({
        noteId: note.id,
        id: autoId(random),
        data: {
          text: pick(random, COMMENTS),
          authorId: author.uid,
          username: author.username,
          commentedAt: new Date(t0 + (2 + k * 20 + Math.floor(random() * 18)) * HOUR),
        },
      });
      note.data.commentsCount++;
    }
  }
  const approvedNotes = notes.filter((n) => n.data.approved);
  for (const s of students) {
    const candidates = approvedNotes.filter((n) => n.data.uploaderId !== s.uid);
    const count = 3 + Math.floor(random() * 4);
    const chosen = new Set();
    while (chosen.size < count) chosen.add(pick(random, candidates));
    for (const n of chosen) {
      saved.push({
        uid: s.uid,
        noteId: n.id,
        data: {
          noteId: n.id,
          savedAt: new Date(n.data.createdAt.getTime() + (3 + Math.floor(random() * 72)) * HOUR),
        },
      });
    }
  }

  // Follows (issue 32): the first student follows another student's course and a subject of a
  // third one's, so their Following feed (Home, Profile) shows notes on `npm start`.
  const follower = accounts.find((a) => a.role === 'user');
  const others = accounts.filter((a) => a.role === 'user' && a !== follower);
  const followed = [
    { kind: 'course', name: others[others.length - 1].course },
    {
      kind: 'subject',
      name: approvedNotes.find((n) => n.data.uploaderId === others[0].uid).data.subjectName,
    },
  ];
  const follows = followed.map(({ kind, name }, i) => ({
    uid: follower.uid,
    key: followKey(kind, name),
    data: { kind, name, createdAt: new Date(START + (131 + i) * DAY) },
  }));

  const profiles = accounts.map((a) => ({
    uid: a.uid,
    data: {
      username: a.username,
      email: a.email,
      avatar: null,
      role: a.role,
      createdAt: a.createdAt,
      notesCount: notes.filter((n) => n.data.uploaderId === a.uid).length,
      searchTerms: userSearchTerms(a.username, a.email),
      // followCount counts the follows; lastFollowKey names the last one made (the rules' pair).
      ...(a === follower
        ? { followCount: follows.length, lastFollowKey: follows[follows.length - 1].key }
        : {}),
    },
  }));

  const distinct = (xs) => [...new Set(xs)];
  const filterOptions = {
    subjects: distinct(approvedNotes.map((n) => n.data.subjectName)).sort(),
    courses: distinct(approvedNotes.map((n) => n.data.courseName)).sort(),
    semesters: distinct(approvedNotes.map((n) => n.data.semester)).sort((x, y) => x - y),
    colleges: distinct(approvedNotes.map((n) => n.data.collegeName)).sort(),
    updatedAt: new Date(START + 130 * DAY),
  };

  // The admin Colleges screen's figures (colleges/{id}, functions/src/services/colleges.ts).
  const colleges = distinct(notes.map((n) => n.data.collegeName))
    .sort()
    .map((name) => {
      const mine = notes.filter((n) => n.data.collegeName === name);
      const approved = mine.filter((n) => n.data.approved).length;
      return {
        id: collegeDocId(name),
        data: {
          name,
          nameLower: name.toLowerCase(),
          totalNotes: mine.length,
          approved,
          pending: mine.length - approved,
          downloads: mine.reduce((sum, n) => sum + n.data.downloadCount, 0),
        },
      };
    });

  return {
    accounts,
    profiles,
    notes,
    files,
    likes,
    comments,
    saved,
    follows,
    filterOptions,
    colleges,
  };
}
