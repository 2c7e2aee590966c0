/**
 * Demo editors for local runs: fictional people across the intended majors (catalogue.ts), one of
 * them full, SAT and ACT both represented. Seeding writes only ids that do not exist yet and only
 * into an empty store, so it never overwrites or resurrects anything an admin changed.
 */
import type { EditorInput } from '../editor-rules';
import { checkSample, commentIds, submittedSample, type Sample, type SampleInput } from '../samples';
import { editorsRepo } from './editors.repo';
import { samplesRepo } from './samples.repo';
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

/** A demo editor's sample edit, in her own words: a Common App opening with her comments, approved. */
const DEMO_SAMPLE_INPUTS: readonly (SampleInput & { id: string; editorId: string })[] = [
  {
    editorId: 'maya-chen',
    id: '7d9e4c1a-3b52-4f0e-9a61-2c8d5e0f4b17',
    title: 'The opening of a Common App essay, from my own application',
    source: 'own',
    text: [
      'I have always been passionate about science, and I want to make a difference in the world.',
      'The summer I turned fifteen, my grandmother stopped recognising the pill bottles on her kitchen counter. I built her a chart with coloured stickers, one colour for each morning, and watched it fail by Wednesday.',
      'That chart is why I want to study how people and medicine meet: the best treatment is the one a person can actually follow.',
    ].join('\n'),
    comments: [
      {
        quote: 'I have always been passionate about science',
        text: 'Every reader has seen this sentence a thousand times. Start with your grandmother and the pill bottles: that moment says you care about science without saying it.',
      },
      {
        quote: 'watched it fail by Wednesday',
        text: 'This is the strongest line of the page. Stay here a little longer: what did you try on Thursday?',
      },
      {
        quote: 'how people and medicine meet',
        text: 'A clear why. Name one thing you would study, so the reader can picture you in the classroom.',
      },
    ],
  },
];

/** The demo samples as kept, approved: what a local build renders into the profiles and `npm start` serves. */
export const DEMO_SAMPLES: readonly (Sample & { editorId: string })[] = DEMO_SAMPLE_INPUTS.map(
  ({ editorId, ...input }) => {
    const checked = checkSample(input, '2026-01-01');
    if ('error' in checked) throw new Error(`Demo sample ${input.id}: ${checked.error}`);
    const at = new Date('2026-01-01T00:00:00Z');
    const sample = submittedSample(input, checked, { sample: input.id, comment: commentIds() }, at);
    return {
      ...sample,
      editorId,
      state: 'approved',
      history: [...sample.history, { state: 'approved', at: at.toISOString(), by: 'team' }],
    };
  },
);

/** Stores the demo samples for the demo editors that have none yet. */
export async function seedDemoSamples(info?: DeployInfo): Promise<number> {
  const repo = samplesRepo(info);
  const seeded = await Promise.all(
    DEMO_SAMPLES.map(async ({ editorId, ...sample }) => {
      if ((await repo.list(editorId)).length > 0) return false;
      await repo.seed(editorId, [sample]);
      return true;
    }),
  );
  return seeded.filter(Boolean).length;
}
