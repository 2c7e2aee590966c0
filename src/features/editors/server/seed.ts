/**
 * Demo editors for local runs: fictional people across the intended majors (catalogue.ts), one of
 * them full, SAT and ACT both represented. Seeding writes only ids that do not exist yet and only
 * into an empty store, so it never overwrites or resurrects anything an admin changed.
 */
import type { EditorInput } from '../editor-rules';
import { editorsRepo } from './editors.repo';
import type { DeployInfo } from '#server/storage/stores';

type DemoEditor = EditorInput & { id: string };

const demo = (e: Omit<DemoEditor, 'image'>): DemoEditor => ({ ...e, image: `/editors/${e.id}.svg` });

export const DEMO_EDITORS: readonly DemoEditor[] = [
  demo({
    id: 'maya-chen',
    name: 'Maya Chen',
    college: 'Stanford University',
    major: 'Computer Science',
    sat: '1560',
    gpa: '4.0',
    ecs: 'Founded a coding club for middle schoolers; research intern in a robotics lab; varsity tennis.',
    strengths: 'Turning technical passion into a personal story admissions readers remember.',
    bio: 'I came to Stanford to build robots and stayed for the writing. I help students turn a technical interest into a story a reader remembers, in their own voice.',
    slotsOpen: 3,
    totalSlots: 5,
    featured: { home: true, about: true },
    // Sign in as this address (any password) to try the editor's workspace, /editor.
    accountEmail: 'maya@example.test',
  }),
  demo({
    id: 'daniel-okafor',
    name: 'Daniel Okafor',
    college: 'University of Pennsylvania',
    major: 'Business (Wharton)',
    sat: '1540',
    gpa: '3.96',
    ecs: 'Ran a sneaker resale business; DECA state champion; treasurer of student council.',
    strengths: 'Clear, confident "Why this school" supplements with concrete detail.',
    bio: 'I ran a small business in high school and wrote about it badly before I wrote about it well. I help students show what they built and why it mattered, with concrete detail.',
    slotsOpen: 0,
    totalSlots: 5,
    featured: { home: true, about: true },
  }),
  demo({
    id: 'sofia-ramirez',
    name: 'Sofia Ramirez',
    college: 'Yale University',
    major: 'English',
    sat: '35',
    gpa: '3.98',
    ecs: 'Editor-in-chief of the school paper; published poet; volunteer ESL tutor.',
    strengths: 'Voice, structure and the sentence-level polish of a personal statement.',
    bio: 'English major and lifelong reader. I ask a lot of questions before I suggest a word, because the best essays already sound like the student who wrote them.',
    slotsOpen: 2,
    totalSlots: 5,
    featured: { home: true, about: true },
    accountEmail: 'sofia@example.test',
  }),
  demo({
    id: 'ethan-park',
    name: 'Ethan Park',
    college: 'Georgetown University',
    major: 'Government',
    sat: '1530',
    gpa: '3.93',
    ecs: 'Model UN secretary-general; city youth council; debate team captain.',
    strengths: 'Activity lists that show impact, and essays about community and leadership.',
    bio: 'I studied Government and spent four years arguing in debate rounds. I help students make one clear point per essay and cut everything that does not serve it.',
    slotsOpen: 4,
    totalSlots: 5,
    featured: { home: false, about: true },
  }),
  demo({
    id: 'priya-nair',
    name: 'Priya Nair',
    college: 'Duke University',
    major: 'Biology',
    sat: '34',
    gpa: '4.0',
    ecs: 'Hospital volunteer; science olympiad; research on plant genetics at a state university.',
    strengths: 'Pre-med and STEM applicants who need their human side to come through.',
    bio: 'Biology major, hospital volunteer, and the friend everyone asked to read their drafts. I help pre-med and science students say why, not just what.',
    slotsOpen: 1,
    totalSlots: 5,
    featured: { home: false, about: false },
  }),
  demo({
    id: 'lucas-moreau',
    name: 'Lucas Moreau',
    college: 'Brown University',
    major: 'Visual Arts',
    sat: '1490',
    gpa: '3.9',
    ecs: 'Solo gallery show at 17; yearbook art director; summer studio program.',
    strengths: 'Portfolio statements and essays for creative and undecided applicants.',
    bio: 'I studied Visual Arts and wrote my own essays about learning to see. I help artists and makers put their process into words, without the jargon.',
    slotsOpen: 5,
    totalSlots: 5,
    featured: { home: false, about: false },
  }),
  demo({
    id: 'hannah-weiss',
    name: 'Hannah Weiss',
    college: 'University of Chicago',
    major: 'Economics',
    sat: '1570',
    gpa: '3.97',
    ecs: 'Economics olympiad finalist; founded a financial literacy nonprofit; orchestra violist.',
    strengths: 'Quirky UChicago-style prompts and social-science applicants.',
    bio: "Economics major who loves a good 'Why us?' essay. I help students research a school well and connect it to their own plans in a few honest sentences.",
    slotsOpen: 2,
    totalSlots: 5,
    featured: { home: false, about: false },
  }),
];

/** Seeds the demo editors into an empty store; returns how many were written. */
export async function seedDemoEditors(info?: DeployInfo): Promise<number> {
  const repo = editorsRepo(info);
  if ((await repo.list()).length > 0) return 0;
  const base = Date.now();
  // Distinct creation times keep the demo order stable (the list sorts by creation).
  const written = await Promise.all(
    DEMO_EDITORS.map(({ id, ...input }, i) => repo.create(id, input, new Date(base + i))),
  );
  return written.filter(Boolean).length;
}
