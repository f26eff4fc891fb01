/**
 * The programmes the upload form suggests for "Course" (spec section 5: about 110 programmes
 * across engineering, science, commerce, arts, business, design, fine arts, hotel management,
 * law, master's, PG diplomas, PhD, medical doctorates, diplomas, certificates and MCA).
 * Suggestions only: a note's courseName is free text within NOTE_LIMITS.courseName.
 */
export const COURSES = [
  // Engineering
  'B.Tech CSE',
  'B.Tech IT',
  'B.Tech ECE',
  'B.Tech EEE',
  'B.Tech Mechanical Engineering',
  'B.Tech Civil Engineering',
  'B.Tech Chemical Engineering',
  'B.Tech Aerospace Engineering',
  'B.Tech Biotechnology',
  'B.Tech AI & Data Science',
  'B.Tech AI & Machine Learning',
  'B.Tech Cyber Security',
  'B.Tech Electronics & Instrumentation',
  'B.Tech Automobile Engineering',
  'B.Tech Mechatronics',
  'B.Tech Robotics & Automation',
  'B.E. Computer Engineering',
  'B.E. Electrical Engineering',
  'B.E. Mechanical Engineering',
  'B.E. Civil Engineering',
  'B.Arch',
  // Science
  'B.Sc Physics',
  'B.Sc Chemistry',
  'B.Sc Mathematics',
  'B.Sc Computer Science',
  'B.Sc Biology',
  'B.Sc Biotechnology',
  'B.Sc Microbiology',
  'B.Sc Zoology',
  'B.Sc Botany',
  'B.Sc Statistics',
  'B.Sc Environmental Science',
  'B.Sc Nursing',
  'B.Sc Agriculture',
  'B.Sc Data Science',
  'BCA',
  'B.Pharm',
  // Commerce
  'B.Com',
  'B.Com (Hons)',
  'B.Com Accounting & Finance',
  'B.Com Banking & Insurance',
  'B.Com Computer Applications',
  // Arts
  'BA English',
  'BA History',
  'BA Political Science',
  'BA Economics',
  'BA Psychology',
  'BA Sociology',
  'BA Geography',
  'BA Philosophy',
  'BA Hindi',
  'BA Journalism & Mass Communication',
  'BA (Hons)',
  // Business
  'BBA',
  'BBA Finance',
  'BBA Marketing',
  'BBA International Business',
  'BMS',
  // Design
  'B.Des Fashion Design',
  'B.Des Interior Design',
  'B.Des Communication Design',
  'B.Des Product Design',
  // Fine arts
  'BFA Painting',
  'BFA Applied Arts',
  'BFA Sculpture',
  'MFA',
  // Hotel management
  'BHM',
  'B.Sc Hospitality & Hotel Administration',
  // Law
  'LLB',
  'BA LLB',
  'BBA LLB',
  'LLM',
  // Master's
  'M.Tech CSE',
  'M.Tech VLSI Design',
  'M.Tech Structural Engineering',
  'M.E. Computer Engineering',
  'M.Sc Physics',
  'M.Sc Chemistry',
  'M.Sc Mathematics',
  'M.Sc Computer Science',
  'M.Sc Data Science',
  'M.Com',
  'MA English',
  'MA Economics',
  'MA Psychology',
  'MBA',
  'MBA Finance',
  'MBA Marketing',
  'MBA Human Resources',
  'M.Des',
  'M.Pharm',
  'MCA',
  // PG diplomas
  'PGDM',
  'PG Diploma in Data Science',
  'PG Diploma in Journalism',
  'PG Diploma in Management',
  // PhD
  'PhD Engineering',
  'PhD Science',
  'PhD Management',
  'PhD Humanities',
  // Medical degrees and doctorates
  'MBBS',
  'BDS',
  'MD',
  'MS (Surgery)',
  'DM',
  'MCh',
  // Diplomas
  'Diploma in Computer Engineering',
  'Diploma in Mechanical Engineering',
  'Diploma in Civil Engineering',
  'Diploma in Electrical Engineering',
  // Certificates
  'Certificate in Web Development',
  'Certificate in Digital Marketing',
  'Certificate in Data Analytics',
] as const;

/** Courses whose name contains `query`, case-insensitively (spec: containment). Empty query: all. */
export function filterCourses(query: string, courses: readonly string[] = COURSES): string[] {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return [...courses];
  return courses.filter((c) => c.toLocaleLowerCase().includes(q));
}
